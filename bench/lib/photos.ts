import sharp from "sharp";

/**
 * Made-up photographs for the bench: 2400 px wide JPEGs of a few hundred KB, built from a sky gradient, soft
 * shapes and film grain so they compress like camera pictures (a flat drawing would be a few KB and flatter the
 * figures). The same seed always gives the same picture, so runs compare like with like.
 */
export const PHOTO_WIDTH = 2400;
export const PHOTO_HEIGHT = 1600;

/** mulberry32: a small seeded generator, so each picture is reproducible. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from any text (a photo's address), so each address gets its own picture. */
export function seedOf(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return hash >>> 0;
}

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${hue.toFixed(0)} ${saturation.toFixed(0)}% ${lightness.toFixed(0)}%)`;

/** The scene: sky, a horizon, hills or buildings and a few lit objects, drawn as SVG. */
function scene(random: () => number): string {
  const hue = random() * 360;
  const shapes: string[] = [];
  const horizon = PHOTO_HEIGHT * (0.45 + random() * 0.2);
  for (let layer = 0; layer < 4; layer++) {
    const points = [`0,${PHOTO_HEIGHT}`];
    for (let x = 0; x <= PHOTO_WIDTH; x += 120 + random() * 200) points.push(`${x.toFixed(0)},${(horizon - random() * 260 + layer * 90).toFixed(0)}`);
    points.push(`${PHOTO_WIDTH},${PHOTO_HEIGHT}`);
    shapes.push(`<polygon points="${points.join(" ")}" fill="${hsl(hue + 30 + layer * 12, 25 + random() * 30, 45 - layer * 9)}"/>`);
  }
  for (let index = 0; index < 14; index++) {
    const x = random() * PHOTO_WIDTH;
    const y = horizon + random() * (PHOTO_HEIGHT - horizon);
    const width = 120 + random() * 520;
    const height = 60 + random() * 260;
    shapes.push(
      `<rect x="${x.toFixed(0)}" y="${(y - height).toFixed(0)}" width="${width.toFixed(0)}" height="${height.toFixed(0)}" rx="${(random() * 60).toFixed(0)}" ` +
        `fill="${hsl(hue + random() * 120, 20 + random() * 50, 20 + random() * 60)}" opacity="${(0.6 + random() * 0.4).toFixed(2)}"/>`,
    );
  }
  for (let index = 0; index < 6; index++) {
    shapes.push(
      `<ellipse cx="${(random() * PHOTO_WIDTH).toFixed(0)}" cy="${(random() * horizon).toFixed(0)}" rx="${(60 + random() * 300).toFixed(0)}" ` +
        `ry="${(20 + random() * 80).toFixed(0)}" fill="white" opacity="${(0.15 + random() * 0.3).toFixed(2)}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 55, 35)}"/><stop offset="1" stop-color="${hsl(hue + 40, 60, 80)}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>${shapes.join("")}</svg>`;
}

/**
 * Texture: smooth random relief (foliage, stone, water) from a small noise image enlarged with a cubic kernel,
 * plus fine sensor grain. Centred on 128.
 */
async function texture(random: () => number): Promise<Buffer> {
  const small = { width: PHOTO_WIDTH / 8, height: PHOTO_HEIGHT / 8 };
  const seeds = Buffer.alloc(small.width * small.height);
  for (let index = 0; index < seeds.length; index++) seeds[index] = Math.round(128 + (random() - 0.5) * 110);
  const relief = await sharp(seeds, { raw: { ...small, channels: 1 } })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: "cubic" })
    .raw()
    .toBuffer();
  for (let index = 0; index < relief.length; index++) relief[index] = Math.max(0, Math.min(255, relief[index]! + (random() - 0.5) * 16));
  return relief;
}

/** One photograph as a JPEG (quality 85, as a camera or a phone would save it). */
export async function generatePhoto(seed: number): Promise<Buffer> {
  const random = generator(seed);
  const base = await sharp(Buffer.from(scene(random)))
    .blur(2)
    .removeAlpha()
    .raw()
    .toBuffer();
  const noise = await texture(random);
  // Soft-light the grain over the scene: brightness varies around each pixel as in a real picture.
  const mixed = Buffer.alloc(base.length);
  for (let pixel = 0; pixel < noise.length; pixel++) {
    const delta = (noise[pixel]! - 128) * 0.7;
    for (let channel = 0; channel < 3; channel++) {
      const index = pixel * 3 + channel;
      mixed[index] = Math.max(0, Math.min(255, base[index]! + delta));
    }
  }
  return sharp(mixed, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
