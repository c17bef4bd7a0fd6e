'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** The overview's bar chart (recharts, loaded with the overview only); its numbers are also a table beside it. */
export function RevenueChart({ points, formatMoney }: { points: { label: string; amount: number }[]; formatMoney(cents: number): string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} interval="preserveStartEnd" />
        <YAxis tickFormatter={(value: number) => formatMoney(value)} tick={{ fontSize: 12, fill: '#475569' }} width={90} />
        <Tooltip formatter={(value) => formatMoney(Number(value))} cursor={{ fill: '#eef2ff' }} />
        <Bar dataKey="amount" fill="#1f43a6" radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
