/**
 * End to end: styles travel with what they style. A screen opened directly (a reload, a deep link,
 * the return from sign-in) must look exactly like the same screen reached by navigation, when the
 * screens passed on the way have already loaded their stylesheets. For each screen, the computed
 * styles of every element are compared both ways. Registered by run.ts, which owns sign-in.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { assert, scenario } from './harness';

export interface StylesContext {
  /** A signed-in phone (a multi-layout borrower with orders in progress) on `path`. */
  signedIn: (path?: string) => Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  noErrors: (errors: string[]) => void;
}

/** What makes two screens look different: type, colour, box spacing and shape. */
const PROPERTIES = [
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-transform',
  'color',
  'background-color',
  'display',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-bottom-width',
  'border-radius',
] as const;

interface Styled {
  /** tag.classes "text…", to name the element in a failure. */
  element: string;
  styles: Record<string, string>;
}

/** The computed styles of every element of the app, in document order. */
function computedStyles(page: Page): Promise<Styled[]> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(
    (properties) =>
      [...document.querySelectorAll('#root *')].map((el) => {
        const style = getComputedStyle(el);
        const classes = [...el.classList].map((c) => `.${c}`).join('');
        // Digits as 0: the text only names the element, and a live figure ('Last used … 16:29') may
        // move between the two loads.
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').replace(/\d/g, '0').slice(0, 30);
        return {
          element: `${el.tagName.toLowerCase()}${classes}${text ? ` "${text}"` : ''}`,
          styles: Object.fromEntries(properties.map((p) => [p, style.getPropertyValue(p)])),
        };
      }),
    PROPERTIES,
  );
}

function differences(direct: readonly Styled[], navigated: readonly Styled[]): string[] {
  const found: string[] = [];
  if (direct.length !== navigated.length) found.push(`${direct.length} elements opened directly, ${navigated.length} reached by navigation`);
  for (let i = 0; i < Math.min(direct.length, navigated.length); i++) {
    const d = direct[i] as Styled;
    const n = navigated[i] as Styled;
    if (d.element !== n.element) {
      found.push(`element ${i} is ${d.element} opened directly, ${n.element} reached by navigation`);
      break;
    }
    for (const p of PROPERTIES) if (d.styles[p] !== n.styles[p]) found.push(`${d.element}: ${p} is ${d.styles[p]} opened directly, ${n.styles[p]} reached by navigation`);
  }
  return found;
}

const toAccount = async (page: Page) => {
  await page.getByRole('link', { name: 'Account' }).click();
  await page.waitForURL((u) => u.pathname === '/personal');
};
const toProduct = async (page: Page) => {
  // The product's own link (a full product also links to its schedule page).
  await page.locator('.product-card').first().locator('a[href^="/product/"]:not([href$="/schedule"])').click();
  await page.waitForURL(/\/product\/[^/]+$/);
};

interface Screen {
  name: string;
  /** From Home, the way a borrower reaches the screen. */
  reach: (page: Page) => Promise<void>;
  /** Resolves once the screen shows its content (loaded). */
  ready: (page: Page) => Promise<void>;
  /** What the comparison must include: headings, section titles, muted text, buttons… */
  covers: readonly string[];
}

const screens: readonly Screen[] = [
  {
    name: 'Product detail (from Home)',
    reach: toProduct,
    ready: (page) => page.getByRole('heading', { name: 'Requirement' }).waitFor(),
    covers: ['h1', 'h2.section-title', '.muted', '.btn'],
  },
  {
    name: 'About us (from Account)',
    reach: async (page) => {
      await toAccount(page);
      await page.getByRole('link', { name: 'About us' }).click();
    },
    ready: (page) => page.locator('.prose h2').waitFor(),
    covers: ['h1', '.prose h2'],
  },
  {
    name: 'Help Center (from Account)',
    reach: async (page) => {
      await toAccount(page);
      await page.getByRole('link', { name: 'Help Center' }).click();
    },
    ready: (page) => page.locator('details summary').first().waitFor(),
    covers: ['h1', 'summary'],
  },
  {
    name: 'Account (from Home)',
    reach: toAccount,
    ready: (page) => page.getByRole('button', { name: 'Quit' }).waitFor(),
    covers: ['h1', '.list-row', '.btn'],
  },
  {
    name: 'Home (back from Product detail)',
    reach: async (page) => {
      await toProduct(page);
      await page.getByRole('heading', { name: 'Requirement' }).waitFor();
      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL((u) => u.pathname === '/');
    },
    ready: (page) => page.getByRole('heading', { name: 'In progress' }).waitFor(),
    covers: ['h1', 'h2.section-title', '.muted', '.btn'],
  },
];

/**
 * The screen's content, then its own lazy pieces (the feedback button, the lender block, the install
 * card on home): compared only once every one has arrived, whichever way the screen was reached.
 */
async function settled(page: Page, screen: Screen) {
  await screen.ready(page);
  await page.waitForLoadState('networkidle');
  if (/^(Home|Account)/.test(screen.name)) await page.getByRole('button', { name: 'Feedback' }).waitFor();
}

export function styleScenarios({ signedIn, noErrors }: StylesContext): void {
  for (const screen of screens) {
    scenario(`styles: ${screen.name} looks the same opened directly`, async () => {
      const { page, context, errors } = await signedIn('/');
      await page.getByRole('heading', { name: 'Loan products' }).waitFor();
      await screen.reach(page);
      await settled(page, screen);
      for (const selector of screen.covers) assert((await page.locator(selector).count()) > 0, `${screen.name}: nothing matches ${selector}`);
      const navigated = await computedStyles(page);
      await page.goto(page.url()); // a full load: only this screen's own stylesheets
      await settled(page, screen);
      const found = differences(await computedStyles(page), navigated);
      assert(found.length === 0, `${screen.name} looks different opened directly:\n${found.slice(0, 20).join('\n')}`);
      noErrors(errors);
      await context.close();
    });
  }
}
