import { ArrowLeft, ArrowRight, ImagePlus, X } from 'lucide-react';
import { useState } from 'react';
import { MAX_PRODUCT_IMAGES, PRODUCT_MESSAGES } from '@shared/products/products.schema';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export interface ImageChanges {
  /** The product's images in their new order (edit only). */
  kept: string[];
  /** Files to upload after saving. */
  added: File[];
}

/** The product's images as the seller rearranges them, and the files chosen to add. */
export function useImageChanges(initial: string[]) {
  const [kept, setKept] = useState<string[]>(initial);
  const [added, setAdded] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);

  const addFiles = (files: FileList | null) => {
    setFileError(null);
    const chosen = [...(files ?? [])];
    const refused = chosen.find(
      (file) => !IMAGE_TYPES.includes(file.type) || file.size > IMAGE_MAX_BYTES,
    );
    if (refused) {
      setFileError(
        PRODUCT_MESSAGES.imageUploadFailed(
          refused.name,
          refused.size > IMAGE_MAX_BYTES
            ? 'supera los 10 MB.'
            : 'no es una imagen PNG, JPG, GIF o WebP.',
        ),
      );
    }
    const valid = chosen.filter(
      (file) => IMAGE_TYPES.includes(file.type) && file.size <= IMAGE_MAX_BYTES,
    );
    setAdded((current) => [...current, ...valid].slice(0, MAX_PRODUCT_IMAGES - kept.length));
  };

  const move = (index: number, by: number) =>
    setKept((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  const removeKept = (url: string) => setKept((c) => c.filter((u) => u !== url));
  const removeAdded = (file: File) => setAdded((c) => c.filter((f) => f !== file));

  return { kept, added, fileError, addFiles, move, removeKept, removeAdded };
}

/** The images fieldset: kept images to reorder or remove, new files with their upload progress. */
export function ProductImagesField({
  images,
  progress,
}: {
  images: ReturnType<typeof useImageChanges>;
  /** Upload progress per file name, while images are being sent. */
  progress: Record<string, number>;
}) {
  const { kept, added, fileError, addFiles, move } = images;
  return (
    <fieldset>
      <legend className="text-sm font-medium">Imágenes</legend>
      <p className="text-xs text-muted-foreground">{PRODUCT_MESSAGES.imageHint}</p>
      <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
        {kept.map((url, index) => (
          <li key={url} className="relative overflow-hidden rounded-lg border border-border">
            <img
              src={url}
              alt={`Imagen ${index + 1}`}
              className="aspect-square w-full object-cover"
            />
            <div className="absolute inset-x-0 bottom-0 flex justify-between bg-white/85 p-1">
              <button
                type="button"
                aria-label={`Mover la imagen ${index + 1} antes`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                className="rounded p-1 disabled:opacity-30"
              >
                <ArrowLeft className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                aria-label={`Quitar la imagen ${index + 1}`}
                onClick={() => images.removeKept(url)}
                className="rounded p-1 text-destructive"
              >
                <X className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                aria-label={`Mover la imagen ${index + 1} después`}
                disabled={index === kept.length - 1}
                onClick={() => move(index, 1)}
                className="rounded p-1 disabled:opacity-30"
              >
                <ArrowRight className="size-4" aria-hidden />
              </button>
            </div>
          </li>
        ))}
        {added.map((file) => (
          <li
            key={`${file.name}-${file.size}`}
            className="relative overflow-hidden rounded-lg border border-dashed border-primary"
          >
            <img
              src={URL.createObjectURL(file)}
              alt={file.name}
              className="aspect-square w-full object-cover"
            />
            {progress[file.name] !== undefined ? (
              <div
                role="progressbar"
                aria-label={`Subiendo ${file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress[file.name]!)}
                className="absolute inset-x-1 bottom-1 h-2 overflow-hidden rounded-full bg-white/80"
              >
                <div className="h-full bg-primary" style={{ width: `${progress[file.name]}%` }} />
              </div>
            ) : (
              <button
                type="button"
                aria-label={`No subir ${file.name}`}
                onClick={() => images.removeAdded(file)}
                className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-destructive"
              >
                <X className="size-4" aria-hidden />
              </button>
            )}
          </li>
        ))}
        {kept.length + added.length < MAX_PRODUCT_IMAGES ? (
          <li>
            <label className="flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-border text-xs text-muted-foreground hover:border-primary hover:text-primary">
              <ImagePlus className="size-6" aria-hidden />
              Agregar
              <input
                type="file"
                accept={IMAGE_TYPES.join(',')}
                multiple
                className="sr-only"
                aria-label="Agregar imágenes"
                onChange={(event) => {
                  addFiles(event.target.files);
                  event.target.value = '';
                }}
              />
            </label>
          </li>
        ) : null}
      </ul>
      {fileError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          {fileError}
        </p>
      ) : null}
    </fieldset>
  );
}
