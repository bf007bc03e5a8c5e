// @ts-check
/**
 * Tasks: the workstation's tasks, newest first (`GET /v1/tasks`), and a form creating one (`POST /v1/tasks`,
 * then `POST /v1/tasks/:id/start` for "Create and start"), both with the `tasks` scope.
 * `#/tasks/<id>` is one task (task-detail.js): steps, live log, start, cancel.
 */
import { mountTask } from './task-detail.js';
import { button, can, clear, failure, h, notice, params, when } from './ui.js';

/**
 * @typedef {{id: string, title: string, description: string, repo_url?: string, status: string,
 *   created_at: string, started_at?: string, finished_at?: string, exit_code?: number, failure_reason?: string,
 *   steps?: {name: string, status: string, exit_code?: number}[]}} Task
 */

/**
 * @param {HTMLElement} root
 * @param {import('./ui.js').ScreenContext} ctx
 * @returns {() => void}
 */
export function mount(root, ctx) {
  const [id] = params(ctx);
  if (id) return mountTask(root, ctx, id);
  const status = h('div', { class: 'ck-status', 'aria-live': 'polite' });
  const list = h('ul', { class: 'ck-list', 'aria-label': 'Tasks' });
  root.append(h('section', { class: 'ck-screen', 'aria-labelledby': 'ck-tasks-title' },
    h('h2', { id: 'ck-tasks-title' }, 'Tasks'), can(ctx, 'tasks') ? createForm(ctx) : '', status, list));
  let disposed = false;
  /** @type {ReturnType<typeof setInterval>} */
  const timer = setInterval(() => load(), 5000);

  const load = async () => {
    let tasks;
    try {
      tasks = /** @type {Task[]} */ ((await ctx.api.get('/v1/tasks?limit=100'))?.tasks ?? []);
    } catch (error) {
      if (!disposed) { clear(status); status.append(notice(failure(error, 'listing the tasks'), 'error')); }
      return;
    }
    if (disposed) return;
    clear(status);
    clear(list);
    for (const task of tasks) list.append(taskRow(task));
    if (tasks.length === 0) status.append(notice('No tasks yet.'));
  };
  load();
  return () => { disposed = true; clearInterval(timer); };
}

/**
 * @param {Task} task
 */
function taskRow(task) {
  return h('li', { class: 'ck-row' },
    h('a', { class: 'ck-row-link', href: `#/tasks/${encodeURIComponent(task.id)}` },
      h('span', { class: 'ck-row-title' }, task.title),
      h('span', { class: `ck-badge ck-task-${task.status}` }, task.status),
      h('span', { class: 'ck-meta' }, when(task.created_at))));
}

/**
 * The creation form: title (required), description (the task's standard input), repository (optional).
 * @param {import('./ui.js').ScreenContext} ctx
 */
function createForm(ctx) {
  const title = /** @type {HTMLInputElement} */ (h('input', { id: 'ck-task-title', type: 'text', required: true }));
  const description = /** @type {HTMLTextAreaElement} */ (h('textarea', { id: 'ck-task-description', rows: '3' }));
  const repo = /** @type {HTMLInputElement} */ (h('input', {
    id: 'ck-task-repo', type: 'url', inputmode: 'url', autocapitalize: 'off', spellcheck: 'false',
    placeholder: 'https://host/owner/repo.git',
  }));
  const result = h('div', { 'aria-live': 'polite' });

  /** @param {boolean} andStart */
  const create = async (andStart) => {
    clear(result);
    if (!title.value.trim()) { result.append(notice('Give the task a title.', 'error')); return; }
    /** @type {Record<string, string>} */
    const body = { title: title.value, description: description.value };
    if (repo.value.trim()) body.repo_url = repo.value.trim();
    let task;
    try {
      task = (await ctx.api.post('/v1/tasks', body))?.task;
      if (andStart) await ctx.api.post(`/v1/tasks/${encodeURIComponent(task.id)}/start`);
    } catch (error) {
      result.append(notice(failure(error, andStart && task ? 'starting the task' : 'creating the task'), 'error'));
      if (!task) return;
    }
    ctx.navigate('tasks', task.id);
  };
  const details = h('details', { class: 'ck-form' },
    h('summary', {}, 'New task'),
    h('label', { for: 'ck-task-title' }, 'Title'), title,
    h('label', { for: 'ck-task-description' }, 'Description (what the agent is asked)'), description,
    h('label', { for: 'ck-task-repo' }, 'Repository to clone (optional)'), repo,
    h('div', { class: 'ck-actions' },
      button('Create', () => create(false), { name: 'create-task' }),
      button('Create and start', () => create(true), { kind: 'primary', name: 'create-start-task' })),
    result);
  return details;
}
