import type { SessionInfo } from '../contract/auth';
import { callApi } from './client';

export const fetchSessionInfo = () => callApi<SessionInfo>('GET', 'auth/session-info', { silent: true });

export const logout = () => callApi<void>('PUT', 'auth/logout');
