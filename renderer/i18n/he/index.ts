import type { Messages } from '../en';
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

/** Hebrew UI texts, one file per top-level key; typed as Messages, so a missing or extra key fails the typecheck. */
export const he: Messages = {
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
};
