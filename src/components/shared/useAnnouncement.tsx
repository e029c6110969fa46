'use client'
import { useState } from 'react'

/**
 * What a live region says, and `announce(text)` to say something. Every announcement is a new
 * element, so the same words said twice ("Grayscale added." for a second Grayscale) are heard
 * twice: a live region whose text does not change says nothing.
 */
export function useAnnouncement() {
  const [said, setSaid] = useState({ text: '', count: 0 })
  const announce = (text: string) => setSaid((last) => ({ text, count: last.count + 1 }))
  return [<span key={said.count}>{said.text}</span>, announce] as const
}
