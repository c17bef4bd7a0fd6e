// Each component from its own package: the components barrel also loads Tailwind, Prism and a
// Markdown parser, which every process that sends mail would load for nothing.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Fragment, type CSSProperties } from 'react';
import { brand } from '../../lib/config';

/** Everything a mail shows, in words already filled in (email/templates.tsx). */
export interface EmailContent {
  language: string;
  heading: string;
  paragraphs: string[];
  code?: string;
  details?: { label: string; value: string }[];
  /** An itemised table: a row per line, then its sums, the last one (the total) in bold. */
  lines?: { items: { label: string; value: string }[]; sums: { label: string; value: string }[] };
  /** A list of links, each on its own line. */
  links?: { label: string; href: string }[];
  action?: { label: string; href: string; fallback: string };
  greeting?: string;
  signature?: string;
  footer: { company: string; address: string; reason?: string; privacy: { label: string; href: string } };
}

// Mail clients ignore style sheets and web fonts: inline styles and system fonts only.
const font = '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const brandBlue = '#1f43a6';
const styles = {
  body: { backgroundColor: '#f4f6fa', fontFamily: font, margin: 0, padding: '24px 0' },
  card: { backgroundColor: '#ffffff', border: '1px solid #e3e8f0', borderRadius: 8, maxWidth: 560, padding: '32px 28px' },
  brand: { color: brandBlue, fontSize: 18, fontWeight: 700, margin: '0 0 24px' },
  heading: { color: '#111827', fontSize: 22, lineHeight: '30px', margin: '0 0 16px' },
  paragraph: { color: '#1f2937', fontSize: 15, lineHeight: '24px', margin: '0 0 16px' },
  code: {
    backgroundColor: '#eef4ff',
    borderRadius: 6,
    color: '#111827',
    fontFamily: 'Menlo, Consolas, monospace',
    fontSize: 28,
    fontWeight: 700,
    letterSpacing: 6,
    margin: '8px 0 24px',
    padding: '12px 0',
    textAlign: 'center',
  },
  details: { border: '1px solid #e3e8f0', borderRadius: 6, margin: '8px 0 24px', padding: '6px 16px' },
  label: { color: '#4b5563', fontSize: 14, lineHeight: '20px', padding: '6px 12px 6px 0', verticalAlign: 'top', width: '40%' },
  value: {
    color: '#111827',
    fontSize: 14,
    fontWeight: 600,
    lineHeight: '20px',
    padding: '6px 0',
    verticalAlign: 'top',
    wordBreak: 'break-word',
  },
  lineLabel: { color: '#1f2937', fontSize: 14, lineHeight: '20px', padding: '6px 12px 6px 0', verticalAlign: 'top' },
  lineAmount: {
    color: '#111827',
    fontSize: 14,
    lineHeight: '20px',
    padding: '6px 0',
    textAlign: 'right',
    verticalAlign: 'top',
    whiteSpace: 'nowrap',
  },
  firstSum: { borderTop: '1px solid #e3e8f0' },
  total: { fontWeight: 700 },
  button: {
    backgroundColor: brandBlue,
    borderRadius: 6,
    color: '#ffffff',
    display: 'inline-block',
    fontSize: 15,
    fontWeight: 600,
    padding: '12px 22px',
    textDecoration: 'none',
  },
  fallback: { color: '#4b5563', fontSize: 13, lineHeight: '20px', margin: '12px 0 24px' },
  rule: { borderColor: '#e3e8f0', margin: '24px 0 16px' },
  footer: { color: '#6b7280', fontSize: 12, lineHeight: '18px', margin: '0 0 6px' },
  link: { color: brandBlue },
  longLink: { color: brandBlue, wordBreak: 'break-all' },
} satisfies Record<string, CSSProperties>;

/** Text with its line breaks kept (a support message is written in lines). */
const Lines = ({ text }: { text: string }) => text.split('\n').flatMap((line, index) => (index ? [<br key={index} />, line] : [line]));

/** Lines, then their sums under a rule; a row each, so the plain text lists them as the details are listed. */
function LinesTable({ items, sums }: NonNullable<EmailContent['lines']>) {
  const rows = [
    ...items.map((item) => ({ ...item, extra: {} })),
    ...sums.map((sum, index) => ({
      ...sum,
      extra: { ...(index === 0 && styles.firstSum), ...(index === sums.length - 1 && styles.total) },
    })),
  ];
  return (
    <Section style={styles.details}>
      {rows.map((row, index) => (
        <Row key={index} data-text-format="dataTable">
          <Column style={{ ...styles.lineLabel, ...row.extra }}>{row.label}</Column>
          <Column style={{ ...styles.lineAmount, ...row.extra }}>{row.value}</Column>
        </Row>
      ))}
    </Section>
  );
}

/** The one layout of every mail: brand, heading, words, optional code, details, lines and button, footer. */
export function EmailMessage(content: EmailContent) {
  const { footer } = content;
  return (
    <Html lang={content.language} dir="ltr">
      <Head />
      <Preview>{content.paragraphs[0]}</Preview>
      <Body style={styles.body}>
        <Container style={styles.card}>
          <Text style={styles.brand}>{brand.product}</Text>
          <Heading as="h1" style={styles.heading}>
            {content.heading}
          </Heading>
          {content.greeting && <Text style={styles.paragraph}>{content.greeting}</Text>}
          {content.paragraphs.map((paragraph, index) => (
            <Fragment key={index}>
              <Text style={styles.paragraph}>
                <Lines text={paragraph} />
              </Text>
              {/* The code follows the sentence that asks for it. */}
              {index === 0 && content.code && <Text style={styles.code}>{content.code}</Text>}
            </Fragment>
          ))}
          {content.details && (
            <Section style={styles.details}>
              {content.details.map((detail) => (
                <Row key={detail.label} data-text-format="dataTable">
                  <Column style={styles.label}>{detail.label}</Column>
                  <Column style={styles.value}>{detail.value}</Column>
                </Row>
              ))}
            </Section>
          )}
          {content.lines && <LinesTable {...content.lines} />}
          {content.links && (
            <Section style={styles.details}>
              {content.links.map((entry, index) => (
                <Text key={index} style={styles.paragraph}>
                  <Link href={entry.href} style={styles.link}>
                    {entry.label}
                  </Link>
                </Text>
              ))}
            </Section>
          )}
          {content.action && (
            <Section>
              <Button href={content.action.href} style={styles.button}>
                {content.action.label}
              </Button>
              <Text style={styles.fallback} data-skip-in-text="true">
                {content.action.fallback}{' '}
                <Link href={content.action.href} style={styles.longLink}>
                  {content.action.href}
                </Link>
              </Text>
            </Section>
          )}
          {content.signature && <Text style={styles.paragraph}>{content.signature}</Text>}
          <Hr style={styles.rule} />
          <Text style={styles.footer}>
            {footer.company}
            <br />
            {footer.address}
          </Text>
          <Text style={styles.footer}>
            {footer.reason && <>{footer.reason} </>}
            <Link href={footer.privacy.href} style={styles.link}>
              {footer.privacy.label}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
