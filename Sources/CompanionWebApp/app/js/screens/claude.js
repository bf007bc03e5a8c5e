// @ts-check
/**
 * Claude Code: the workstation's projects (`GET /api/v1/projects`) → a project's sessions
 * (`GET /api/v1/projects/:id/sessions`, and a new chat there with `chat`) → one session (claude-session.js:
 * the transcript, paged from the end, and chat that streams, cancels, resumes and forks).
 * Routes: `#/claude`, `#/claude/project/<id>`, `#/claude/session/<id>`.
 */
import { mountSession } from './claude-session.js';
import { button, can, clear, failure, h, notice, params, unwrap, when } from './ui.js';

/**
 * @typedef {{id: string, name: string, path: string, sessionCount?: number, lastAccessedAt?: string}} Project
 * @typedef {{id: string, name?: string, projectId?: string, projectName?: string, model: string, status: string,
 *   messageCount: number, source: string, lastActiveAt: string, firstPrompt?: string, claudeSessionId?: string,
 *   encodedProjectPath?: string, totalCostUSD?: number}} ChatSession
 */

/**
 * @param {HTMLElement} root
 * @param {import('./ui.js').ScreenContext} ctx
 * @returns {() => void}
 */
export function mount(root, ctx) {
  const [kind, id] = params(ctx);
  if (kind === 'session' && id) return mountSession(root, ctx, id);
  if (kind === 'project' && id) return mountProject(root, ctx, id);
  const status = h('div', { class: 'ck-status', 'aria-live': 'polite' });
  const list = h('ul', { class: 'ck-list', 'aria-label': 'Projects' });
  root.append(h('section', { class: 'ck-screen', 'aria-labelledby': 'ck-claude-title' },
    h('h2', { id: 'ck-claude-title' }, 'Claude Code'), status, list));
  let disposed = false;
  (async () => {
    try {
      const projects = /** @type {Project[]} */ (unwrap(await ctx.api.get('/api/v1/projects'))?.items ?? []);
      if (disposed) return;
      projects.sort((a, b) => String(b.lastAccessedAt).localeCompare(String(a.lastAccessedAt)));
      for (const project of projects) {
        list.append(h('li', { class: 'ck-row' },
          h('a', { class: 'ck-row-link', href: `#/claude/project/${encodeURIComponent(project.id)}` },
            h('span', { class: 'ck-row-title' }, project.name),
            h('span', { class: 'ck-meta' }, `${project.path} · ${project.sessionCount ?? 0} sessions`))));
      }
      if (projects.length === 0) status.append(notice('No Claude Code project on the workstation yet.'));
    } catch (error) {
      if (!disposed) status.append(notice(failure(error, 'listing the projects'), 'error'));
    }
  })();
  return () => { disposed = true; };
}

/**
 * One project's sessions, most recently active first, and a new chat in it.
 * @param {HTMLElement} root
 * @param {import('./ui.js').ScreenContext} ctx
 * @param {string} id
 * @returns {() => void}
 */
function mountProject(root, ctx, id) {
  const title = h('h2', { id: 'ck-project-title' }, 'Project');
  const status = h('div', { class: 'ck-status', 'aria-live': 'polite' });
  const list = h('ul', { class: 'ck-list', 'aria-label': 'Sessions' });
  const section = h('section', { class: 'ck-screen', 'aria-labelledby': 'ck-project-title' },
    h('a', { href: '#/claude', class: 'ck-back' }, '‹ Projects'), title, status);
  if (can(ctx, 'chat')) {
    section.append(button('New chat', async () => {
      clear(status);
      try {
        const session = unwrap(await ctx.api.post('/api/v1/sessions', { projectId: id }));
        ctx.navigate('claude', 'session', session.id);
      } catch (error) {
        status.append(notice(failure(error, 'starting a chat'), 'error'));
      }
    }, { kind: 'primary', name: 'new-chat' }));
  }
  section.append(list);
  root.append(section);
  let disposed = false;
  (async () => {
    try {
      const project = /** @type {Project} */ (unwrap(await ctx.api.get(`/api/v1/projects/${encodeURIComponent(id)}`)));
      const sessions = /** @type {ChatSession[]} */ (
        unwrap(await ctx.api.get(`/api/v1/projects/${encodeURIComponent(id)}/sessions`))?.items ?? []);
      if (disposed) return;
      clear(title);
      title.append(h('span', {}, project?.name ?? 'Project'));
      sessions.sort((a, b) => String(b.lastActiveAt).localeCompare(String(a.lastActiveAt)));
      for (const session of sessions) list.append(sessionRow(session));
      if (sessions.length === 0) status.append(notice('No session in this project yet.'));
    } catch (error) {
      if (!disposed) status.append(notice(failure(error, 'listing the sessions'), 'error'));
    }
  })();
  return () => { disposed = true; };
}

/**
 * @param {ChatSession} session
 */
function sessionRow(session) {
  return h('li', { class: 'ck-row' },
    h('a', { class: 'ck-row-link', href: `#/claude/session/${encodeURIComponent(session.id)}` },
      h('span', { class: 'ck-row-title' }, session.name || session.firstPrompt || session.id),
      h('span', { class: `ck-badge ck-chat-${session.status}` }, session.status),
      session.source === 'external' ? h('span', { class: 'ck-badge' }, 'external') : '',
      h('span', { class: 'ck-meta' }, `${session.messageCount} messages · ${when(session.lastActiveAt)}`)));
}
