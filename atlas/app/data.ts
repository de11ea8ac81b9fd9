/** The atlas data the builder wrote as classic scripts (atlas/build/site.ts), read from `window`. */
import type { AtlasIndex, AtlasMachine, AtlasRules } from '../model';

declare global {
  interface Window {
    __atlasIndex?: AtlasIndex;
    __atlasData?: Record<string, AtlasMachine>;
    __atlasRules?: AtlasRules;
  }
}

export function atlasIndex(): AtlasIndex | null {
  return window.__atlasIndex ?? null;
}

export function atlasRules(): AtlasRules | null {
  return window.__atlasRules ?? null;
}

const loading = new Map<string, Promise<AtlasMachine>>();

/** Loads flows/atlas/data/<name>.js once (a script element, so it works from disk too). */
export function loadMachine(name: string): Promise<AtlasMachine> {
  const known = window.__atlasData?.[name];
  if (known) return Promise.resolve(known);
  let pending = loading.get(name);
  if (!pending) {
    pending = new Promise<AtlasMachine>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `atlas/data/${encodeURIComponent(name)}.js`;
      script.onload = () => {
        const data = window.__atlasData?.[name];
        if (data) resolve(data);
        else reject(new Error(`atlas/data/${name}.js did not define the machine '${name}'`));
      };
      script.onerror = () => {
        loading.delete(name);
        reject(new Error(`There is no machine '${name}' in this atlas.`));
      };
      document.head.append(script);
    });
    loading.set(name, pending);
  }
  return pending;
}
