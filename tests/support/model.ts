/** Temporary barrel while flows move to the harness modules by job (cases, paths, coverage, replay, fakes). */
export * from '../../machines/shared/cases';
export * from './edges';
export * from './labels';
export * from './paths';
export * from './coverage';
export * from './replay';
export * from './fakes';
