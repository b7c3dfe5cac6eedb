/** A form's values as multipart fields; a FileList sends its first file, an empty one nothing. */
export function toFormData(values: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (value instanceof FileList) {
      if (value[0]) data.append(key, value[0]);
    } else if (value instanceof File) {
      data.append(key, value);
    } else {
      data.append(key, String(value));
    }
  }
  return data;
}
