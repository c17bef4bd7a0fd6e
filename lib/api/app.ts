import type { AppInfo, Country, UsState } from '../contract/app';
import { callApi } from './client';

export const fetchAppInfo = () => callApi<AppInfo>('GET', 'app/app-info', { silent: true });
export const fetchCountries = () => callApi<Country[]>('GET', 'app/countries', { silent: true });
export const fetchUsStates = () => callApi<UsState[]>('GET', 'app/us-states', { silent: true });
