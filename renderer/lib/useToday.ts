import { useState } from 'react';
import { dayIn } from './calendar';
import { userTimeZone } from './zone';

export interface Today {
  /** The day it is on the user's clock (YYYY-MM-DD). */
  today: string;
  /** The user's time zone, in which date ranges of moments (a lead's last change) start. */
  zone: string;
}

/** Today on the user's clock, fixed for the screen's life (a figure does not move under the pointer at midnight). */
export function useToday(): Today {
  const [now] = useState(todayNow);
  return now;
}

/** Today on the user's clock, now (what useToday fixes for a screen). */
export function todayNow(): Today {
  const zone = userTimeZone();
  return { zone, today: dayIn(Date.now(), zone) };
}
