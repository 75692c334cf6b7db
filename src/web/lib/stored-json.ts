/** A value read back from storage: what `raw` holds as JSON, or undefined when it is empty or unreadable. */
export function parseStoredJson(raw: string | null): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
