import type { Area } from "react-easy-crop";

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // Needed to read pixels back from images on another host (when it allows it).
    image.crossOrigin = "anonymous";
    image.addEventListener("load", () => resolve(image));
    image.addEventListener("error", () => reject(new Error("The image could not be loaded for editing.")));
    image.src = src;
  });
}

/**
 * Draws the picture rotated by `rotation` degrees (a multiple of 90) and cuts out `crop`, given in
 * pixels of the rotated picture as react-easy-crop reports it. Returns a JPEG.
 */
export async function renderCroppedImage(src: string, crop: Area, rotation: number): Promise<Blob> {
  const image = await loadImage(src);
  const turns = (((rotation % 360) + 360) % 360) / 90;
  const sideways = turns % 2 === 1;
  const rotatedWidth = sideways ? image.naturalHeight : image.naturalWidth;
  const rotatedHeight = sideways ? image.naturalWidth : image.naturalHeight;

  const rotated = document.createElement("canvas");
  rotated.width = rotatedWidth;
  rotated.height = rotatedHeight;
  const rotatedContext = rotated.getContext("2d");
  if (!rotatedContext) throw new Error("This browser cannot edit images.");
  rotatedContext.translate(rotatedWidth / 2, rotatedHeight / 2);
  rotatedContext.rotate((turns * Math.PI) / 2);
  rotatedContext.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);

  const output = document.createElement("canvas");
  output.width = Math.max(1, Math.round(crop.width));
  output.height = Math.max(1, Math.round(crop.height));
  const outputContext = output.getContext("2d");
  if (!outputContext) throw new Error("This browser cannot edit images.");
  // JPEG has no transparency: paint white first so transparent PNG areas do not turn black.
  outputContext.fillStyle = "#ffffff";
  outputContext.fillRect(0, 0, output.width, output.height);
  outputContext.drawImage(rotated, Math.round(crop.x), Math.round(crop.y), output.width, output.height, 0, 0, output.width, output.height);

  return new Promise((resolve, reject) => {
    try {
      output.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The edited image could not be encoded."))), "image/jpeg", 0.92);
    } catch {
      // A SecurityError: the host of the picture does not allow reading its pixels.
      reject(new Error("This image is hosted on another site that does not allow editing it here. Use Replace Image to upload a copy."));
    }
  });
}
