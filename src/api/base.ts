/** Where the app's calls go: the table's API base on this origin, unless VITE_API_BASE was set at build time. */
import { API_BASE } from '../../contract/endpoint';

export const API_ROOT: string = import.meta.env.VITE_API_BASE ?? API_BASE;
