export * from './define';
export * from './table';
export * from './derived';
