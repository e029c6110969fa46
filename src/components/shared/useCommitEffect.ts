'use client'
import { useEffect, useLayoutEffect } from 'react'

/**
 * An effect run as soon as React has committed, before the browser draws: useLayoutEffect, but
 * useEffect on a server (where neither runs, and React 18 warns about useLayoutEffect). For what a
 * component keeps of its last committed render.
 */
export const useCommitEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect
