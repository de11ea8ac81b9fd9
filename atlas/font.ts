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
  /** Edge labels: 11 px. */
  label: 11,
  labelChar: 6.4,
  pad: 8,
  minWidth: 64,
} as const;
