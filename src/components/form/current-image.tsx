/** An edit form's stored image, shown above its fields; picking a new one replaces it on save. */
export function CurrentImage({ src, alt }: { src: string; alt: string }) {
  return <img src={src} alt={alt} className="mb-4 h-16 w-16 rounded border border-slate-200 object-contain" />;
}
