/** The atlas: the index, or one machine, by the address's hash (atlas/app/route.ts). */
import { useEffect, useState } from 'react';
import type { AtlasMachine } from '../model';
import { atlasIndex, atlasRules, loadMachine } from './data';
import { useHash } from './hash';
import { IndexPage } from './IndexPage';
import { MachinePage } from './MachinePage';
import { parseHash } from './route';
import { RulesPage } from './RulesPage';

function Machine({ name, children }: { name: string; children: (data: AtlasMachine) => React.ReactNode }) {
  const [loaded, setLoaded] = useState<{ name: string; data: AtlasMachine } | { name: string; error: string } | null>(null);
  useEffect(() => {
    let live = true;
    loadMachine(name).then(
      (data) => live && setLoaded({ name, data }),
      (error: unknown) => live && setLoaded({ name, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [name]);
  if (!loaded || loaded.name !== name) return <p className="atlas-boot">Loading {name}…</p>;
  if ('error' in loaded)
    return (
      <main className="index">
        <p className="bad" role="alert">
          {loaded.error}
        </p>
        <a href="#/">← All machines</a>
      </main>
    );
  return <>{children(loaded.data)}</>;
}

export function App() {
  const [hash, go] = useHash();
  const route = parseHash(hash);
  const index = atlasIndex();
  useEffect(() => {
    document.title = route.page === 'machine' ? `${route.name} · Flow atlas` : route.page === 'rules' ? 'Rules · Flow atlas' : 'Flow atlas · the borrower app';
  }, [route.page, route.page === 'machine' ? route.name : '']); // eslint-disable-line react-hooks/exhaustive-deps
  if (!index) return <p className="bad">atlas/data/index.js is missing: run npm run flows.</p>;
  if (route.page === 'index') return <IndexPage index={index} rules={atlasRules()} />;
  if (route.page === 'rules') return <RulesPage rules={atlasRules()} />;
  return <Machine name={route.name}>{(data) => <MachinePage data={data} route={route} go={go} />}</Machine>;
}
