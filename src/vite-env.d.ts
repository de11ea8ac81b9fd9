/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base, set at build time; default: the endpoint table's API_BASE on this origin. */
  readonly VITE_API_BASE?: string;
  /** Sent as the packageName header. */
  readonly VITE_PACKAGE_NAME?: string;
  /** Where Android browsers are sent to get the app (multi-product layout). */
  readonly VITE_ANDROID_DOWNLOAD_URL?: string;
  /** Payment hosts the browser may be sent to for repayment (comma-separated host[:port]); the app's own origin is always allowed. */
  readonly VITE_PAYMENT_HOSTS?: string;
  /** The product site /download's APPLY NOW links to when the device may not apply here (http(s) only). */
  readonly VITE_PRODUCT_SITE_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
