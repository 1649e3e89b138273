import { readFileSync, readdirSync } from 'node:fs';

/** Each thread of a process (this one by default): its name and nice value (/proc/<pid>/task/<tid>/stat, fields after the name). */
export function threads(pid: number | 'self' = 'self'): { tid: number; name: string; nice: number }[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // After "pid (name)": state is field 3, nice field 19.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ tid: Number(tid), name, nice: Number(rest[16]) }];
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}
