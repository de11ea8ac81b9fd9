import { Link } from 'wouter';
import type { ProductInfo } from '../../../contract/products';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { LenderIdentity } from '../../ui/LenderIdentity';
import { Rate } from '../../ui/Rate';
import { SectionTitle } from '../../ui/SectionTitle';
import { useClientConfig } from '../shared/client-config';
import { productText } from '../../../i18n/en/product';
import { useText } from '../../ui/text';
import './product.css';

/**
 * Product detail: the facts (interest per day with its annual rate), the Product Eligibility list
 * (detail[0]), the Requirement list (detail[1]) and, at the end, who lends (client config).
 */
export function ProductView({ pid, info }: { pid: string; info: ProductInfo }) {
  const t = useText(productText);
  const config = useClientConfig();
  const maxAmount = info.amountList.length ? Math.max(...info.amountList) : null;
  const eligibility = info.detail[0]?.content ?? [];
  const requirements = info.detail[1]?.content ?? [];
  return (
    <div className="product">
      <section className="card product-hero" aria-label={t('summary')}>
        <p className="muted">{t('maxAmount')}</p>
        <p className="product-max">{maxAmount === null ? '—' : formatINR(maxAmount)}</p>
        {info.slogan && <p className="product-slogan">{info.slogan}</p>}
        <dl className="product-facts">
          <div>
            <dt>{t('lendingTime')}</dt>
            <dd>{info.loanProcessingTime || '—'}</dd>
          </div>
          <div>
            <dt>{t('period')}</dt>
            <dd>{t('days', { n: info.period })}</dd>
          </div>
          <div>
            <dt>{t('rating')}</dt>
            <dd>{info.score == null ? '—' : <span aria-label={t('outOf5', { score: info.score })}>★ {info.score}</span>}</dd>
          </div>
          <div>
            <dt>{t('interest')}</dt>
            <dd>
              <Rate perDay={info.interestRate} />
            </dd>
          </div>
        </dl>
      </section>
      <Lines title={t('eligibility')} lines={eligibility} />
      <Lines title={t('requirement')} lines={requirements} />
      <LenderIdentity config={config} className="product-lender" />
      <div className="sticky-action">
        <Link href={paths.authHub.href(pid)} className="btn btn-primary btn-block">
          {t('applyNow')}
        </Link>
      </div>
    </div>
  );
}

function Lines({ title, lines }: { title: string; lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <section className="card" aria-label={title}>
      <SectionTitle>{title}</SectionTitle>
      <ul className="ticks">
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
