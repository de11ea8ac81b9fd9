/** The home screen: renders the home machine's state and sends the borrower's taps. No rules here. */
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { HomeProduct } from '../../../contract/home';
import type { homeMachine } from '../../../machines/home/home.machine';
import { canApply, canSchedule, SINGLE_LAYOUT } from '../../../machines/home/home.rules';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { Rate } from '../../ui/Rate';
import { SectionTitle } from '../../ui/SectionTitle';
import { LoadError, Loading } from '../../ui/Status';
import { homeText } from '../../../i18n/en/home';
import { useText } from '../../ui/text';
import './home.css';
import { withTexts } from '../../lib/language';

type HomeActor = ActorRefFrom<typeof homeMachine>;

// Who lends and the app's name: a small chunk of their own (the content calls), loaded beside home.
const LenderBlock = lazy(() => withTexts(import('../shared/LenderBlock')));
const AppNameText = lazy(() => withTexts(import('../shared/LenderBlock')).then((m) => ({ default: m.AppNameText })));
function HomeName() {
  return <span className="visually-hidden">{useText(homeText)('home')}</span>;
}
const HOME = <HomeName />;

// Home's orders (the overdue block, the in-progress list): a chunk of its own, asked for as soon as
// home's screen loads, beside home's call, so it is there when home's answer is. Until it is, the
// spinner stays (below), so the offers never move down when it comes.
const loadHomeOrders = () => withTexts(import('./HomeOrders'));
const HomeOrders = lazy(loadHomeOrders);
loadHomeOrders().catch(() => undefined);

/** `hasSchedules`: the borrower has a scheduled application (read at the edge; false while unknown). */
export function HomeView({ actor, hasSchedules = false }: { actor: HomeActor; hasSchedules?: boolean }) {
  const t = useText(homeText);
  const home = useSelector(actor, (s) => s.context.home);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const applyingFor = useSelector(actor, (s) => s.context.applyingFor);

  return (
    <div className="home">
      <header className="home-header">
        {/* The app's name (About us, read once per session); the line is kept until it comes. */}
        <PageHeading>
          <Suspense fallback={HOME}>
            <AppNameText fallback={HOME} />
          </Suspense>
        </PageHeading>
        <p>{t('pitch')}</p>
      </header>
      {failed ? (
        <LoadError message={error ? t.said(error) : t('loadFailed')} onRetry={() => actor.send({ type: 'home.retried' })} />
      ) : !home ? (
        <Loading label={t('loading')} />
      ) : (
        <Suspense fallback={<Loading label={t('loading')} />}>
          {home.undwayList.length > 0 && <HomeOrders items={home.undwayList} actor={actor} />}
          <section aria-labelledby="products-title">
            <SectionTitle id="products-title">{t(home.userStatus === SINGLE_LAYOUT ? 'offer' : 'products')}</SectionTitle>
            {home.homeProductVos.length === 0 ? (
              <p className="empty">{t('none')}</p>
            ) : home.userStatus === SINGLE_LAYOUT ? (
              home.homeProductVos.slice(0, 1).map((p) => (
                <SingleProduct key={p.id} product={p} busy={applyingFor === p.id} onApply={() => actor.send({ type: 'product.applied', productId: p.id })} />
              ))
            ) : (
              <ul className="product-list">
                {home.homeProductVos.map((p) => (
                  <li key={p.id}>
                    <ProductCard
                      product={p}
                      applicable={canApply(home.userStatus, p)}
                      schedulable={canSchedule(home.userStatus, p)}
                      onApply={() => actor.send({ type: 'product.applied', productId: p.id })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {hasSchedules && (
            <nav aria-label={t('schedules')} className="home-schedules">
              <Link href={paths.schedule.href()} className="list-row card">
                {t('schedules')}
              </Link>
            </nav>
          )}
          {/* At the end of the page, once home is shown: nothing above it moves when it comes. */}
          <Suspense fallback={null}>
            <LenderBlock className="home-lender" />
          </Suspense>
        </Suspense>
      )}
    </div>
  );
}

function Logo({ src }: { src: string }) {
  return src ? <img className="logo" src={src} alt="" width={40} height={40} loading="lazy" /> : <span className="logo" aria-hidden="true" />;
}

function SingleProduct({ product, busy, onApply }: { product: HomeProduct; busy: boolean; onApply: () => void }) {
  const t = useText(homeText);
  return (
    <article className="hero card" aria-labelledby={`p-${product.id}`}>
      <div className="hero-top">
        <Logo src={product.logo} />
        <h3 id={`p-${product.id}`}>{product.name}</h3>
      </div>
      <p className="hero-label">{t('borrowUpTo')}</p>
      <p className="hero-amount">{formatINR(product.maxAmount)}</p>
      <dl className="facts">
        <div>
          <dt>{t('period')}</dt>
          <dd>{t('days', { n: product.period })}</dd>
        </div>
        <div>
          <dt>{t('interest')}</dt>
          <dd>
            <Rate perDay={product.rate} />
          </dd>
        </div>
      </dl>
      <Button block busy={busy} onClick={onApply}>
        {t('applyNow')}
      </Button>
      <Link href={paths.product.href(product.id)} className="details-link">
        {t('details')}
      </Link>
    </article>
  );
}

function ProductCard({ product, applicable, schedulable, onApply }: { product: HomeProduct; applicable: boolean; schedulable: boolean; onApply: () => void }) {
  const t = useText(homeText);
  return (
    <article className="card product-card" aria-labelledby={`p-${product.id}`}>
      <div className="product-head">
        <Logo src={product.logo} />
        <div>
          <h3 id={`p-${product.id}`}>
            <Link href={paths.product.href(product.id)}>{product.name}</Link>
          </h3>
          <p className="muted">
            {t('days', { n: product.period })} · <Rate perDay={product.rate} />
          </p>
        </div>
      </div>
      <div className="product-foot">
        <div>
          <span className="muted small">{t('upTo')}</span>
          <strong className="amount">{formatINR(product.maxAmount)}</strong>
        </div>
        {applicable ? (
          <Button onClick={onApply} aria-label={t('applyFor', { name: product.name })}>
            {t('apply')}
          </Button>
        ) : (
          <div className="product-unavailable">
            <span className="badge">{t('unavailable')}</span>
            {schedulable && (
              <Link href={paths.productSchedule.href(product.id)} className="btn btn-secondary" aria-label={t('scheduleFor', { name: product.name })}>
                {t('schedule')}
              </Link>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
