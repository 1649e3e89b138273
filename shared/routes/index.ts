export * from './define';
export * from './table';
export * from './query';
