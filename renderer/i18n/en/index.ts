import access from './access';
import actions from './actions';
import activity from './activity';
import app from './app';
import areas from './areas';
import banners from './banners';
import board from './board';
import blockers from './blockers';
import bulk from './bulk';
import columnTools from './columnTools';
import confirmAction from './confirmAction';
import conflicts from './conflicts';
import connect from './connect';
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
  columnTools,
  confirmAction,
  conflicts,
  connect,
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
  unsaved,
  validation,
  views,
  write,
} as const;

/** The same tree with every leaf widened to string: what a translation must provide. */
type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof en>;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** Every valid message key, e.g. "list.next". */
export type MessageKey = Leaves<typeof en>;
