/**
 * Figures a script measures are written here, never typed into a doc: each script writes
 * docs/measured/<name>.md, stamped with when, on what machine and by which command.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const MEASURED_DIR = path.join(ROOT, 'docs', 'measured');
const MARK = '<!-- measured: the lines below the stamp are written by the command it names; do not edit -->';

export interface Measured {
  /** File name without `.md`. */
  name: string;
  title: string;
  /** The command that measures it again. */
  command: string;
  /** Markdown: the figures, with no time or machine in them (they are compared as they are). */
  body: string;
}

export const measuredPath = (name: string) => path.join(MEASURED_DIR, `${name}.md`);

function stamp(command: string): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `Measured ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} on ${os.cpus().length} cores (${cpu}), ${os.platform()}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}. Regenerate with \`${command}\`.`;
}

/** The figures the committed file holds (the part below the stamp), or null when there is none. */
export function committedBody(name: string): string | null {
  const file = measuredPath(name);
  if (!fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
  const at = text.indexOf(MARK);
  if (at < 0) return null;
  // The mark, then the stamp line, then a blank line, then the body.
  return text.slice(at + MARK.length).split('\n').slice(3).join('\n').trim();
}

/** Writes the file; keeps the old one (and its stamp) when the figures are the same. Returns whether it wrote. */
export function writeMeasured(m: Measured): boolean {
  if (committedBody(m.name) === m.body.trim()) return false;
  fs.mkdirSync(MEASURED_DIR, { recursive: true });
  fs.writeFileSync(measuredPath(m.name), `# ${m.title}\n\n${MARK}\n${stamp(m.command)}\n\n${m.body.trim()}\n`);
  return true;
}
