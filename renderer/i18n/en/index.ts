import access from './access';
import actions from './actions';
import activity from './activity';
import app from './app';
import areas from './areas';
import banners from './banners';
import board from './board';
import blockers from './blockers';
import bulk from './bulk';
import colours from './colours';
import columnTools from './columnTools';
import confirmAction from './confirmAction';
import conflicts from './conflicts';
import connect from './connect';
import counts from './counts';
import deleteTexts from './delete';
import deleteBody from './deleteBody';
import detail from './detail';
import drawer from './drawer';
import enums from './enums';
import errors from './errors';
import exporter from './exporter';
import fields from './fields';
import firstRun from './firstRun';
import form from './form';
import groups from './groups';
import hints from './hints';
import home from './home';
import issues from './issues';
import leads from './leads';
import list from './list';
import loadAll from './loadAll';
import localCopy from './localCopy';
import localList from './localList';
import network from './network';
import newRecord from './newRecord';
import notOffered from './notOffered';
import notices from './notices';
import owed from './owed';
import outbox from './outbox';
import palette from './palette';
import pdf from './pdf';
import permissions from './permissions';
import profiles from './profiles';
import related from './related';
import restore from './restore';
import review from './review';
import sections from './sections';
import shortcuts from './shortcuts';
import stale from './stale';
import starts from './starts';
import status from './status';
import sync from './sync';
import tables from './tables';
import ui from './ui';
import undo from './undo';
import unsaved from './unsaved';
import validation from './validation';
import views from './views';
import write from './write';

/** English UI texts, one file per top-level key; Hebrew has exactly the same keys (its type says so). */
export const en = {
  access,
  actions,
  activity,
  app,
  areas,
  banners,
  board,
  blockers,
  bulk,
  colours,
  columnTools,
  confirmAction,
  conflicts,
  connect,
  counts,
  delete: deleteTexts,
  deleteBody,
  detail,
  drawer,
  enums,
  errors,
  exporter,
  fields,
  firstRun,
  form,
  groups,
  hints,
  home,
  issues,
  leads,
  list,
  loadAll,
  localCopy,
  localList,
  network,
  newRecord,
  notOffered,
  notices,
  owed,
  outbox,
  palette,
  pdf,
  permissions,
  profiles,
  related,
  restore,
  review,
  sections,
  shortcuts,
  stale,
  starts,
  status,
  sync,
  tables,
  ui,
  undo,
  unsaved,
  validation,
  views,
  write,
} as const;

/** The forms a count text can have (Intl.PluralRules' categories; `zero` is i18next's own, for a count of 0). */
export type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** The forms each language's count texts must give: the categories Intl.PluralRules names for it (a test checks them). */
export interface PluralForms { en: 'one' | 'other'; he: 'one' | 'two' | 'other' }
type CountBase<K> = K extends `${infer B}_${PluralForm}` ? B : never;
type Plain<K> = K extends `${string}_${PluralForm}` ? never : K;

/**
 * What a translation must provide: the same tree with every leaf widened to string, where each count
 * text (`x_one`, `x_other` in English) gives every form of the language's plural categories C
 * (`x_zero` optional). A missing or extra key fails the typecheck.
 */
export type Translation<T, C extends PluralForm> = {
  readonly [K in keyof T as Plain<K>]: T[K] extends string ? string : Translation<T[K], C>;
} & { readonly [K in CountBase<keyof T & string> as `${K}_${C}`]: string }
  & { readonly [K in CountBase<keyof T & string> as `${K}_zero`]?: string };
/** The Hebrew texts' shape (what he/ files satisfy). */
export type Messages = Translation<typeof en, PluralForms['he']>;
// English gives both of its forms of every count text.
en satisfies Translation<typeof en, PluralForms['en']>;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? (K extends Plain<K> ? `${P}${K}` : never) : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type Counts<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? (K extends Plain<K> ? never : `${P}${CountBase<K>}`) : Counts<T[K], `${P}${K}.`>;
}[keyof T & string];
/** Every valid key of a text without a count, e.g. "list.next". */
export type MessageKey = Leaves<typeof en>;
/** Every count text, e.g. "bulk.selected" (its forms "bulk.selected_one", ...): `t` asks for its `count`. */
export type CountKey = Counts<typeof en>;
