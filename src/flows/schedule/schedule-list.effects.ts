/** The effects of the Schedule List: the list call. */
import type { scheduleListMachine } from '../../../machines/schedule/schedule-list.machine';
import { scheduleList } from '../../api/schedule';
import { fromCall } from '../../lib/abortable';
import type { Effects } from '../shared/effects';

export function scheduleListEffects(): Effects<typeof scheduleListMachine> {
  return { actors: { loadSchedules: fromCall((_, signal) => scheduleList({ signal })) } };
}
