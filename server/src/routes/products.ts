/** One product's terms and its eligibility and requirement lines (endpoint table: productInfo). */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { AppEnv } from '../env';
import { ApiError } from '../envelope';
import { contentLanguage, type Lang } from '../language';
import { PRODUCT_NOT_FOUND } from '../domain/applications';
import { parseId } from '../domain/ids';
import { PRODUCT_TEXT_HI } from '../seed';
import { serve } from './serve';

export { parseId, PRODUCT_NOT_FOUND };

interface ProductInfoRow {
  id: number;
  name: string;
  logo: string;
  product_type: number;
  h5_href: string;
  amount_list: number[];
  period: number;
  period_list: number[];
  rate: number;
  service_rate: number;
  loan_processing_time: string;
  score: number;
  slogan: string;
  eligibility: string[];
  requirements: string[];
}


/** A product text as the borrower reads it in `lang`: its Hindi when there is one, else as it is. */
export const productText = (lang: Lang, text: string): string => (lang === 'hi' ? (PRODUCT_TEXT_HI[text] ?? text) : text);


export function productRoutes() {
  const r = new Hono<AppEnv>();

  serve(r, ENDPOINTS.productInfo, { invalid: PRODUCT_NOT_FOUND }, async (c, query) => {
    const { db } = c.var.deps;
    const id = parseId(query.id);
    if (id === undefined) throw new ApiError(PRODUCT_NOT_FOUND);
    const found = await db.query<ProductInfoRow>(
      `SELECT id, name, logo, product_type, h5_href, amount_list, period, period_list, rate, service_rate,
              loan_processing_time, score, slogan, eligibility, requirements
         FROM products WHERE id = $1`,
      [id],
    );
    const p = found.rows[0];
    if (!p) throw new ApiError(PRODUCT_NOT_FOUND);
    const amountList = [...p.amount_list].sort((a, b) => a - b);
    // Texts in the language Accept-Language prefers; the name (a brand), numbers and ids are the same in both.
    const lang = contentLanguage(c);
    const t = (text: string) => productText(lang, text);
    return {
      id: p.id,
      name: p.name,
      logo: p.logo,
      productType: p.product_type,
      h5Href: p.h5_href,
      maxAmount: amountList[amountList.length - 1] ?? 0,
      amountList,
      period: p.period,
      interestRate: p.rate,
      loanProcessingTime: t(p.loan_processing_time),
      score: p.score,
      serviceRate: p.service_rate,
      slogan: t(p.slogan),
      periodList: p.period_list,
      detail: [
        { title: t('Product Eligibility'), content: p.eligibility.map(t) },
        { title: t('Requirement'), content: p.requirements.map(t) },
      ],
    };
  });

  return r;
}
