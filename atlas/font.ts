/**
 * The type sizes the atlas draws with (atlas/app/Diagram.tsx) and the builder lays out with
 * (atlas/build/layout.ts): per-character widths are generous estimates for the system UI font, so
 * a box is never narrower than its text.
 */
export const LAYOUT_FONT = {
  /** The state's name: 13 px, semibold. */
  name: 13,
  nameChar: 7.8,
  nameLine: 22,
  /** Lines in a box (tags, invokes, stays): 11 px. */
  lineSize: 11,
  lineChar: 6.4,
  line: 15,
  /** Edge labels: 11 px, wrapped at `labelWrap` characters, `labelLine` px apart. */
  label: 11,
  labelChar: 6.4,
  labelWrap: 36,
  labelLine: 14,
  pad: 8,
  minWidth: 64,
  /** The smallest size any text is drawn at on screen: the diagram is never scaled below it. */
  minRendered: 11,
} as const;

/** The smallest type the diagram draws, and so the smallest scale that keeps it at `minRendered`. */
export const MIN_SCALE = LAYOUT_FONT.minRendered / Math.min(LAYOUT_FONT.lineSize, LAYOUT_FONT.label, LAYOUT_FONT.name);

/** An edge's sentence in lines of at most `labelWrap` characters (a longer word keeps its own line). */
export function wrapLabel(text: string, width: number = LAYOUT_FONT.labelWrap): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}
