import {
  adminData,
  type AdminDone,
  type AdminInvoice,
  type AdminOffer,
  type AuditEntry,
  type AuditQuery,
  type CustomerDetail,
  type CustomerRow,
  type OfferCreate,
  type OfferEdit,
  type Overview,
  type RefundRequest,
  type VoidRequest,
  type StaffMe,
  type StaffRole,
  type SupportMessageRow,
  type SupportStatus,
  type SupportThread,
} from '../contract/admin';
import type {
  CustomerAccount,
  CustomerMessageRequest,
  CustomerNote,
  CustomerNoteRequest,
  SentMessage,
} from '../contract/admin-customer-actions';
import type { InvoiceListRow, ListPage, OwedRow, PaymentListRow, RetryResult, SubscriptionListRow } from '../contract/admin-lists';
import type { ErrorEnvelope } from '../contract/envelope';
import type { NotificationSettings, StaffEvent } from '../contract/staff-notifications';
import type { BillingInfo } from '../contract/store';
import type { Enrolment, RecoveryCodes } from '../contract/second-factor';
import type { UserResponse } from '../contract/user';
import { ApiCallError, callApi, type HttpMethod } from './client';

/*
 * The operator console's calls (lib/contract/admin.ts). Every call is silent: the console
 * decides what a failure means — a 404 is "not found" (or, for GET admin/me, no console at
 * all), a 403 asks for the second factor or the password first — and shows the rest itself
 * (components/admin/admin-queries.ts). The server's messages are already in the page's language.
 */
const segment = encodeURIComponent;
const read = <T>(path: string, signal?: AbortSignal) => callApi<T>('GET', path, { silent: true, signal });
const write = <T = AdminDone>(method: HttpMethod, path: string, body?: unknown) => callApi<T>(method, path, { silent: true, body });

/** What a refused console call asks for first, if anything (403 with Data). */
export function adminRefusal(error: unknown): (typeof adminData)[keyof typeof adminData] | null {
  if (!(error instanceof ApiCallError) || error.status !== 403) return null;
  const data = (error.body as ErrorEnvelope | undefined)?.Data;
  return data === adminData.secondFactor || data === adminData.confirmPassword ? data : null;
}

// Access

export const fetchStaffMe = (signal?: AbortSignal) => read<StaffMe>('admin/me', signal);
export const startEnrolment = (signal?: AbortSignal) => read<Enrolment>('admin/second-factor/enrolment', signal);
export const confirmEnrolment = (Code: string) => write<RecoveryCodes>('POST', 'admin/second-factor/enrolment', { Code });
export const verifySecondFactor = (Code: string) => write<UserResponse>('POST', 'admin/second-factor/verify', { Code });
export const confirmPassword = (CurrentPassword: string) => write<StaffMe>('POST', 'admin/confirm-password', { CurrentPassword });

// Overview and audit

export const fetchOverview = (signal?: AbortSignal) => read<Overview>('admin/overview', signal);
/** A page of the audit log with its filters (empty ones left out); `before` pages on. */
export const fetchAudit = (query: AuditQuery, signal?: AbortSignal) => {
  const given = Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return read<{ Entries: AuditEntry[]; HasMore: boolean }>(`admin/audit?${new URLSearchParams(given).toString()}`, signal);
};
export const fetchAuditFilters = (signal?: AbortSignal) => read<{ Staff: string[]; Actions: string[] }>('admin/audit/filters', signal);

// Support

export type SupportFilter = SupportStatus | 'all';
export const fetchSupportMessages = (status: SupportFilter, signal?: AbortSignal) =>
  read<SupportMessageRow[]>(`admin/support?status=${status}`, signal);
export const fetchSupportThread = (id: string, signal?: AbortSignal) => read<SupportThread>(`admin/support/${segment(id)}`, signal);
export const replyToSupport = (id: string, Body: string) => write('POST', `admin/support/${segment(id)}/reply`, { Body });
export const setSupportStatus = (id: string, Status: SupportStatus) => write('PUT', `admin/support/${segment(id)}/status`, { Status });

// Customers

export const searchCustomers = (q: string, signal?: AbortSignal) => read<CustomerRow[]>(`admin/customers?q=${segment(q)}`, signal);
export const fetchCustomer = (id: string, signal?: AbortSignal) => read<CustomerDetail>(`admin/customers/${segment(id)}`, signal);
export const suspendCustomer = (id: string) => write('POST', `admin/customers/${segment(id)}/suspend`);
export const unsuspendCustomer = (id: string) => write('POST', `admin/customers/${segment(id)}/unsuspend`);

// Invoices and subscriptions

export const fetchAdminInvoice = (id: string, signal?: AbortSignal) => read<AdminInvoice>(`admin/invoices/${segment(id)}`, signal);
export const voidInvoice = (id: string, request: VoidRequest) => write('POST', `admin/invoices/${segment(id)}/void`, request);
export const refundInvoice = (id: string, request: RefundRequest) => write('POST', `admin/invoices/${segment(id)}/refund`, request);
export const cancelSubscriptionAsStaff = (id: string, When: 'now' | 'period-end') =>
  write('POST', `admin/subscriptions/${segment(id)}/cancel`, { When });

// Catalog

export const fetchOffers = (signal?: AbortSignal) => read<AdminOffer[]>('admin/offers', signal);
export const createOffer = (offer: OfferCreate) => write('POST', 'admin/offers', offer);
export const editOffer = (key: string, offer: OfferEdit) => write('PUT', `admin/offers/${segment(key)}`, offer);
export const setOfferActive = (key: string, active: boolean) =>
  write('POST', `admin/offers/${segment(key)}/${active ? 'restore' : 'retire'}`);

// Staff (owners)

export const fetchStaff = (signal?: AbortSignal) => read<CustomerRow[]>('admin/staff', signal);
export const changeStaffRole = (id: string, Role: StaffRole | null) => write('PUT', `admin/staff/${segment(id)}/role`, { Role });

// Acting for a customer

export const fetchCustomerNotes = (id: string, signal?: AbortSignal) =>
  read<{ Notes: CustomerNote[] }>(`admin/customers/${segment(id)}/notes`, signal);
export const addCustomerNote = (id: string, request: CustomerNoteRequest) => write('POST', `admin/customers/${segment(id)}/notes`, request);
export const fetchSentMessages = (id: string, signal?: AbortSignal) =>
  read<{ Messages: SentMessage[] }>(`admin/customers/${segment(id)}/messages`, signal);
export const writeToCustomer = (id: string, request: CustomerMessageRequest) =>
  write('POST', `admin/customers/${segment(id)}/messages`, request);
export const fetchCustomerAccount = (id: string, signal?: AbortSignal) =>
  read<CustomerAccount>(`admin/customers/${segment(id)}/account`, signal);
export const changeCustomerBilling = (id: string, BillingInfo: BillingInfo) =>
  write('PUT', `admin/customers/${segment(id)}/billing`, { BillingInfo });
export const resetCustomerTwoStep = (id: string) => write('POST', `admin/customers/${segment(id)}/two-step/reset`);
export const resendReceipt = (invoiceId: string) => write('POST', `admin/invoices/${segment(invoiceId)}/resend-receipt`);

// The staff member's own mail

export const fetchNotificationSettings = (signal?: AbortSignal) => read<NotificationSettings>('admin/me/notifications', signal);
export const saveNotificationSettings = (Events: StaffEvent[]) => write('PUT', 'admin/me/notifications', { Events });

// Lists and money owed

/** A list's filters as its address and its call spell them (lib/contract/admin-lists.ts judges them). */
type ListSearch = Record<string, string | number | undefined>;

/** The query string of a list's filters, without the empty ones (the same as the screen's address). */
export const listSearch = (filters: ListSearch) =>
  new URLSearchParams(
    Object.entries(filters).flatMap(([name, value]) => (value === undefined || value === '' ? [] : [[name, String(value)]])),
  ).toString();
export const fetchInvoiceList = (filters: ListSearch, signal?: AbortSignal) =>
  read<ListPage<InvoiceListRow>>(`admin/invoices?${listSearch(filters)}`, signal);
export const fetchPaymentList = (filters: ListSearch, signal?: AbortSignal) =>
  read<ListPage<PaymentListRow>>(`admin/payments?${listSearch(filters)}`, signal);
export const fetchSubscriptionList = (filters: ListSearch, signal?: AbortSignal) =>
  read<ListPage<SubscriptionListRow>>(`admin/subscriptions?${listSearch(filters)}`, signal);
export const fetchOwed = (page: number, signal?: AbortSignal) => read<ListPage<OwedRow>>(`admin/collections?page=${page}`, signal);
export const remindOwed = (row: Pick<OwedRow, 'Kind' | 'Key'>) => write('POST', `admin/collections/${row.Kind}/${segment(row.Key)}/remind`);
export const retryOwedCharge = (row: Pick<OwedRow, 'Kind' | 'Key'>) =>
  write<RetryResult>('POST', `admin/collections/${row.Kind}/${segment(row.Key)}/retry`);
