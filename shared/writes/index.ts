export * from './canonical';
export * from './outcome';
export * from './lookup';
