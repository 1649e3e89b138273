export * from './define';
export * from './table';
