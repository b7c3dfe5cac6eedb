/** Hands a file to the browser as a download under the given name. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download by the next turn; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
