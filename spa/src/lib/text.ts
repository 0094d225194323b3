// Text as the server (shared/domain) stores and measures it, so the client's checks agree.

/** Trimmed, with runs of white space folded, as the server stores single-line text. */
export function cleanText(s: string): string {
  return s.trim().split(/\s+/).filter(Boolean).join(' ');
}

/** Characters, not UTF-16 units (the server counts runes). */
export function charCount(s: string): number {
  return Array.from(s).length;
}

/** A person's name: at most this many characters (domain.MaxNomeLength), at sign-up and in /perfil. */
export const maxNomeLength = 80;
