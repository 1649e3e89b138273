import { accessibilityGate } from './a11y';

accessibilityGate('en');
