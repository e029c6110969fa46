'use client'
import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange)

/**
 * Whether TanStack Query thinks the network is there (the window's online/offline events): while
 * it doesn't, queries and mutations wait. The server, and the hydration render, assume online.
 */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  )
