import { themeGate } from './themes';

themeGate('en');
