/** A media item as the admin's Media Library shows it (made by models/media.server.ts). */
export type MediaView = {
  id: string;
  name: string;
  type: "image" | "video" | "audio";
  mimeType: string;
  size: number;
  createdAt: string;
  folder: string | null;
  url: string;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  /** Smallest renditions, for thumbnails. */
  thumbnail: { avif?: string; webp?: string } | null;
};
