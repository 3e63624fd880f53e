import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/en.json' with { type: 'json' };
import type { RecordInput } from './model.ts';
import { bodyOf, emptyRecord, RecordDialog, validateRecord } from './RecordForm.tsx';
import { ZoneFileEditor } from './ZoneFileEditor.tsx';

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { dns: en } }, ns: ['dns'], defaultNS: 'dns', interpolation: { escapeValue: false } });
});

const origin = 'shop-mueller-schmidt.example';

describe('R2.027 record dialog (form mode)', () => {
  it('sends only the fields of the chosen type', () => {
    expect(bodyOf({ ...emptyRecord, name: ' www ', value: ' 203.0.113.5 ', ttl: '' })).toEqual({
      name: 'www',
      type: 'A',
      ttl: null,
      value: '203.0.113.5',
    });
    expect(
      bodyOf({ ...emptyRecord, type: 'SRV', name: '_sip._tcp', value: 'sip', priority: '10', weight: '5', port: '5060', ttl: '600' }),
    ).toEqual({
      name: '_sip._tcp',
      type: 'SRV',
      ttl: 600,
      value: 'sip',
      priority: 10,
      weight: 5,
      port: 5060,
    });
    expect(bodyOf({ ...emptyRecord, type: 'CAA', name: '@', value: 'letsencrypt.org', flags: '128', tag: 'issuewild' })).toMatchObject({
      flags: 128,
      tag: 'issuewild',
    });
    expect(bodyOf({ ...emptyRecord, type: 'TXT', name: '@', value: '  spaced  ' }).value).toBe('  spaced  ');
  });

  it('checks required fields, numbers and line breaks before sending', () => {
    expect(validateRecord({ ...emptyRecord, type: 'MX', priority: '70000' })).toEqual({
      name: 'form.required',
      value: 'form.required',
      priority: 'form.uint16',
    });
    expect(validateRecord({ ...emptyRecord, name: 'x', value: 'a\nb', ttl: '5' })).toEqual({
      value: 'form.noLineBreaks',
      ttl: 'form.ttlRange',
    });
  });

  it('shows the fields of MX and the zone-file line it will write; the server’s refusal lands on its field', async () => {
    const sent: RecordInput[] = [];
    render(
      <RecordDialog
        open
        origin={origin}
        defaultTtl={3600}
        record={{ id: 1, name: '@', type: 'MX', ttl: null, value: 'mail', priority: 10, weight: null, port: null, flags: null, tag: null }}
        onClose={() => undefined}
        onSubmit={async (body) => {
          sent.push(body);
          return { value: en.errors.target_hostname };
        }}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /Priority/ })).toHaveProperty('value', '10');
    expect(within(dialog).getByTestId('dns-record-preview').textContent).toBe('@ IN MX 10 mail');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Mail server/ }), { target: { value: '_mx.example.net.' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Priority/ }), { target: { value: '20' } });
    expect(within(dialog).getByTestId('dns-record-preview').textContent).toBe('@ IN MX 20 _mx.example.net.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and apply' }));
    await waitFor(() => expect(within(dialog).getByText(en.errors.target_hostname)).toBeTruthy());
    expect(sent).toEqual([{ name: '@', type: 'MX', ttl: null, value: '_mx.example.net.', priority: 20 }]);
  });
});

describe('R2.027 zone file editor (expert mode)', () => {
  const text = `$TTL 3600\n@ IN SOA ns1.example.net. hostmaster.example.net. ( 1 10800 3600 1209600 3600 )\n@ IN NS ns1.example.net.\n`;

  it('lists a refused file’s problems by line and puts the cursor on a line when asked', async () => {
    render(
      <ZoneFileEditor
        text={text}
        origin={origin}
        onFailure={() => undefined}
        onCheck={async () => ({})}
        onSave={async () => ({
          error: {
            status: 422,
            data: {
              error: {
                code: 'validation',
                message: 'dns:errors.zone_file_invalid',
                fields: { text: ['dns:errors.zone_file_invalid'], 'lines.4': ['dns:errors.parse_type_unsupported'] },
              },
            },
          },
        })}
      />,
    );
    const area = screen.getByRole('textbox', { name: `Zone file of ${origin}` }) as HTMLTextAreaElement;
    fireEvent.change(area, { target: { value: `${text}ptr IN PTR x.example.\n` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and apply' }));
    const errors = await screen.findByTestId('dns-zonefile-errors');
    expect(errors.textContent).toContain(`Line 4: ${en.errors.parse_type_unsupported}`);
    fireEvent.click(within(errors).getByRole('button', { name: 'Line 4' }));
    expect(document.activeElement).toBe(area);
    expect(area.value.slice(area.selectionStart, area.selectionEnd)).toBe('ptr IN PTR x.example.');
    expect(area.getAttribute('aria-invalid')).toBe('true');
  });

  it('says what a valid file would change; saving is only offered for a changed text', async () => {
    render(
      <ZoneFileEditor
        text={text}
        origin={origin}
        onFailure={() => undefined}
        onSave={async () => ({})}
        onCheck={async () => ({ data: { recordCount: 2, added: 1, removed: 0, settingsChanged: true } })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Save and apply' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const valid = await screen.findByTestId('dns-zonefile-valid');
    expect(valid.textContent).toContain('The zone file is valid (2 records).');
    expect(valid.textContent).toContain('Records added: 1, removed: 0.');
    expect(valid.textContent).toContain(en.expert.settingsChanged);
  });
});
