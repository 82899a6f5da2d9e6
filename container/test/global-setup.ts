import { requireImage } from "./image.ts";

export default async function setup(): Promise<void> {
  await requireImage();
}
