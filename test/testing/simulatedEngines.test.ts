import { describe, expect, it } from 'vitest'
import {
  blankPng,
  containsEicar,
  createPng,
  eicar,
  isBlankPng,
  probeBytes,
  sampleMp4,
  samplePdf,
  simulatedActionResult,
  subjectPng,
} from '../../src/testing/index.ts'
import { createBmp } from '../support/bmp.ts'

describe('simulated engines', () => {
  it('probes PNG dimensions from the header', () => {
    expect(probeBytes(subjectPng(120, 80), null)).toEqual({
      mime: 'image/png',
      isImage: true,
      image: { width: 120, height: 80, format: 'PNG' },
    })
  })

  it('probes JPEG, GIF and WebP sizes', () => {
    // Minimal headers: JPEG SOF0 (h=2,w=3), GIF logical screen (5x4), WebP VP8X canvas (7x6).
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 2, 0, 3, 3, 1, 0x22, 0])
    expect(probeBytes(jpeg, null).image).toEqual({ width: 3, height: 2, format: 'JPEG' })
    const gif = new Uint8Array([71, 73, 70, 56, 57, 97, 5, 0, 4, 0, 0, 0, 0])
    expect(probeBytes(gif, null).image).toEqual({ width: 5, height: 4, format: 'GIF' })
    const webp = new Uint8Array(30)
    webp.set(new TextEncoder().encode('RIFF'), 0)
    webp.set(new TextEncoder().encode('WEBPVP8X'), 8)
    webp.set([6, 0, 0, 5, 0, 0], 24)
    expect(probeBytes(webp, null).image).toEqual({ width: 7, height: 6, format: 'WEBP' })
  })

  it('probes BMP sizes (UPSTREAM §1a lists it as an input), from every kind of header', () => {
    const red = () => [255, 0, 0] as [number, number, number]
    for (const options of [
      {},
      { header: 12 as const },
      { topDown: true },
      { bits: 8 as const },
      { alpha: true },
    ]) {
      expect(
        probeBytes(createBmp(5, 3, red, options), 'application/octet-stream'),
        JSON.stringify(options),
      ).toEqual({
        mime: 'image/bmp',
        isImage: true,
        image: { width: 5, height: 3, format: 'BMP' },
      })
    }
    // Text that starts with "BM" is not one.
    const text = new TextEncoder().encode('BMW service notes, written down for the garage on Monday.')
    expect(probeBytes(text, 'text/plain')).toEqual({ mime: 'text/plain', isImage: false, image: null })
  })

  it('names documents and videos by their bytes, not the declared type', () => {
    expect(probeBytes(samplePdf(), 'image/png')).toMatchObject({ mime: 'application/pdf', isImage: false })
    expect(probeBytes(sampleMp4(), null)).toMatchObject({ mime: 'video/mp4', isImage: false })
    expect(probeBytes(new Uint8Array([1, 2, 3]), 'text/plain').mime).toBe('text/plain')
    // A declared image type without image bytes is not trusted.
    expect(probeBytes(new Uint8Array([1, 2, 3]), 'image/png')).toMatchObject({
      mime: 'application/octet-stream',
      isImage: false,
    })
  })

  it('tells a blank image from one with a subject by decoding its pixels', async () => {
    expect(await isBlankPng(blankPng())).toBe(true)
    expect(await isBlankPng(subjectPng())).toBe(false)
    expect(await isBlankPng(createPng(4, 4, (x) => (x === 3 ? [0, 0, 1] : [0, 0, 0])))).toBe(false)
    expect(await isBlankPng(samplePdf())).toBe(false)
  })

  it('finds the EICAR signature', () => {
    expect(containsEicar(eicar())).toBe(true)
    expect(containsEicar(subjectPng())).toBe(false)
    expect(simulatedActionResult('virus_scan', eicar(), '2026-01-01T00:00:00Z')).toMatchObject({
      data: { infected: true, infected_with: 'Eicar-Test-Signature' },
    })
  })

  it('gives deterministic, realistic recognition results', () => {
    const a = simulatedActionResult('recognize', subjectPng(), 'x') as {
      data: { Labels: { Name: string; Confidence: number }[] }
    }
    expect(simulatedActionResult('recognize', subjectPng(), 'x')).toEqual(a)
    expect(a.data.Labels.length).toBeGreaterThan(0)
    for (const label of a.data.Labels) {
      expect(label.Confidence).toBeGreaterThan(0)
      expect(label.Confidence).toBeLessThanOrEqual(100)
    }
  })
})
