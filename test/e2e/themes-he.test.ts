import { themeGate } from './themes';

themeGate('he');
