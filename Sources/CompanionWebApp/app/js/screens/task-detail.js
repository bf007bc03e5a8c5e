// @ts-check
/**
 * One task: title, status, steps, failure reason; its log live (task-log.js: WebSocket, polling fallback);
 * Start when queued and Cancel while queued or running (`tasks` scope; Cancel asks first).
 */
import { followLog } from './task-log.js';
import { button, can, clear, confirmAction, failure, h, notice, setText, span, textBlock, when } from './ui.js';

/** At most this many log lines are kept on the page (the oldest leave first). */
const KEEP = 5000;

/**
 * @param {HTMLElement} root
 * @param {import('./ui.js').ScreenContext} ctx
 * @param {string} id
 * @returns {() => void}
 */
export function mountTask(root, ctx, id) {
  const path = `/v1/tasks/${encodeURIComponent(id)}`;
  const head = h('div', { class: 'ck-detail-head' }, h('h2', { id: 'ck-task-title-h' }, 'Task'));
  const status = h('div', { class: 'ck-status', 'aria-live': 'polite' });
  const transport = h('p', { class: 'ck-meta', 'aria-live': 'off' });
  const log = h('pre', { class: 'ck-terminal', role: 'log', tabindex: '0', 'aria-label': 'Task log' });
  root.append(h('section', { class: 'ck-screen', 'aria-labelledby': 'ck-task-title-h' },
    h('a', { href: '#/tasks', class: 'ck-back' }, '‹ Tasks'), head, status, transport, log));
  let disposed = false;
  /** @type {(() => void) | undefined} */
  let stopFollowing;

  const say = (/** @type {string} */ text, /** @type {'info'|'error'|'ok'} */ kind = 'info') => {
    clear(status); status.append(notice(text, kind));
  };

  const act = async (/** @type {'start' | 'cancel'} */ verb) => {
    if (verb === 'cancel' && !(await confirmAction('Cancel this task?',
      [h('p', {}, 'Its processes get SIGTERM, then SIGKILL after 5 seconds.')], 'Cancel task'))) return;
    try {
      await ctx.api.post(`${path}/${verb}`);
      await load();
    } catch (error) {
      say(failure(error, `${verb === 'start' ? 'starting' : 'cancelling'} the task`), 'error');
    }
  };

  /** @param {any} task */
  const draw = (task) => {
    clear(head);
    head.append(
      h('h2', { id: 'ck-task-title-h' }, task.title),
      h('p', { class: 'ck-meta' }, `${task.status}${task.exit_code != null ? ` (exit ${task.exit_code})` : ''} · ` +
        `created ${when(task.created_at)}`),
      task.repo_url ? h('p', { class: 'ck-meta' }, `Repository: ${task.repo_url}`) : '',
      task.description ? h('details', {}, h('summary', {}, 'Description'), textBlock(task.description)) : '',
      task.failure_reason ? notice(`Failed: ${task.failure_reason}`, 'error') : '',
      h('ul', { class: 'ck-steps', 'aria-label': 'Steps' }, ...(task.steps ?? []).map((/** @type {any} */ step) =>
        h('li', {}, `${step.name}: ${step.status}${step.exit_code != null ? ` (exit ${step.exit_code})` : ''}`))));
    if (can(ctx, 'tasks')) {
      const actions = h('div', { class: 'ck-actions' });
      if (task.status === 'queued') actions.append(button('Start', () => act('start'), { kind: 'primary', name: 'start-task' }));
      if (task.status === 'queued' || task.status === 'running') {
        actions.append(button('Cancel…', () => act('cancel'), { kind: 'danger', name: 'cancel-task' }));
      }
      head.append(actions);
    }
  };

  const load = async () => {
    let task;
    try {
      task = (await ctx.api.get(path))?.task;
    } catch (error) {
      if (!disposed) say(failure(error, 'reading the task'), 'error');
      return;
    }
    if (disposed || !task) return;
    draw(task);
    if (!stopFollowing && task.status !== 'queued') follow();
  };

  const follow = () => {
    stopFollowing = followLog(ctx.api, id, {
      lines(lines) {
        const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
        for (const line of lines) log.append(span(`${line.text}\n`, `ck-log-${line.stream}`));
        while (log.childNodes.length > KEEP && log.firstChild) log.removeChild(log.firstChild);
        if (atEnd) log.scrollTop = log.scrollHeight;
      },
      end(finalStatus, code) {
        setText(transport, `Log complete: ${finalStatus}${code != null ? ` (exit ${code})` : ''}.`);
        load();
      },
      transport(kind) {
        setText(transport, kind === 'websocket' ? 'Live (WebSocket)' : 'Live (polling every second)');
      },
      problem(error) { say(failure(error, 'reading the log'), 'error'); },
    });
  };

  load();
  return () => { disposed = true; stopFollowing?.(); };
}
