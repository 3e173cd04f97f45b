/**
 * The site's icon as a Windows icon file (what `/favicon.ico` must be): 16 x 16, 32-bit, the header's navy with the
 * review count's amber in a band across it. Drawn here rather than shipped as a binary file.
 */
const SIZE = 16
const NAVY = [0x33, 0x11, 0x11, 0xff] // B, G, R, A of #111133
const AMBER = [0x00, 0xaa, 0xff, 0xff] // #ffaa00

const pixelsOf = () => {
  const rows: Array<number> = []
  // Bottom-up rows, as a bitmap stores them.
  for (let y = SIZE - 1; y >= 0; y--) {
    for (let x = 0; x < SIZE; x++) rows.push(...(y >= 6 && y <= 9 && x >= 3 && x <= 12 ? AMBER : NAVY))
  }
  return rows
}

export const faviconIco = (): Uint8Array => {
  const pixels = pixelsOf()
  const mask = new Array<number>(SIZE * 4).fill(0) // every pixel opaque; rows padded to 32 bits
  const image = Buffer.alloc(40 + pixels.length + mask.length)
  image.writeUInt32LE(40, 0)
  image.writeInt32LE(SIZE, 4)
  image.writeInt32LE(SIZE * 2, 8) // the colour bitmap and its mask
  image.writeUInt16LE(1, 12)
  image.writeUInt16LE(32, 14)
  image.writeUInt32LE(pixels.length + mask.length, 20)
  Buffer.from([...pixels, ...mask]).copy(image, 40)
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(1, 4)
  header.writeUInt8(SIZE, 6)
  header.writeUInt8(SIZE, 7)
  header.writeUInt16LE(1, 10)
  header.writeUInt16LE(32, 12)
  header.writeUInt32LE(image.length, 14)
  header.writeUInt32LE(22, 18)
  return Buffer.concat([header, image])
}
