import { parseWithZod } from '@conform-to/zod';
import { describe, expect, test } from 'vitest';
import { damageForm, damageListForm, productForm, repairQuoteForm, summaryForm } from './repair-forms';

function form(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const png = () => new File([new Uint8Array([0x89, 0x50])], 'tear.png', { type: 'image/png' });

describe('the wizard forms parse what a browser sends, with and without JavaScript', () => {
  test.each<[string, [string, string | File][], unknown]>([
    [
      'a line of the order history',
      [['product', 'line-42']],
      { reason: 'wear-and-tear', product: { order_line_id: 42 } },
    ],
    [
      'a described product',
      [
        ['product', 'describe'],
        ['name', ' Old jacket '],
      ],
      { reason: 'wear-and-tear', product: { name: 'Old jacket', color: '', size: '', description: '' } },
    ],
  ])('step 1: %s', (_name, entries, expected) => {
    const result = parseWithZod(form([['reason', 'wear-and-tear'], ...entries]), {
      schema: productForm.schema(),
    });
    expect(result.status === 'success' ? result.value : result.error).toEqual(expected);
  });

  test.each<[string, [string, string | File][], Record<string, string[]>]>([
    [
      'nothing chosen',
      [['reason', 'warranty']],
      { product: ['Please choose a product from your order history or describe one.'] },
    ],
    [
      'a forged value',
      [
        ['reason', 'warranty'],
        ['product', 'line-0'],
      ],
      { product: ['Please choose a product from your order history or describe one.'] },
    ],
    [
      'describe without a name',
      [
        ['reason', 'warranty'],
        ['product', 'describe'],
      ],
      { name: ['Please name the product.'] },
    ],
    [
      'no reason for the request',
      [['product', 'line-42']],
      { reason: ['Please choose a reason for your request from the list.'] },
    ],
    [
      'a reason that is no code',
      [
        ['reason', '<script>'],
        ['product', 'line-42'],
      ],
      { reason: ['Please choose a reason for your request from the list.'] },
    ],
  ])('step 1 refuses %s', (_name, entries, expected) => {
    const result = parseWithZod(form(entries), { schema: productForm.schema() });
    expect(result.status === 'error' ? result.error : null).toEqual(expected);
  });

  test.each<[string, [string, string | File][], { photos: number; keys: string[]; specific: number | null }]>(
    [
      ['one photo of the multipart form', [['photos', png()]], { photos: 1, keys: [], specific: null }],
      [
        'two photos',
        [
          ['photos', png()],
          ['photos', png()],
        ],
        { photos: 2, keys: [], specific: null },
      ],
      [
        'an empty file input and empty selects',
        [
          ['photos', new File([], '')],
          ['specific_issue_id', ''],
        ],
        { photos: 0, keys: [], specific: null },
      ],
      [
        'keys of signed uploads',
        [
          ['photo_keys', 'c1/a.png'],
          ['photo_names', 'a.png'],
          ['specific_issue_id', '201'],
        ],
        { photos: 0, keys: ['c1/a.png'], specific: 201 },
      ],
    ],
  )('step 2: %s', (_name, entries, expected) => {
    const result = parseWithZod(form([['issue_id', '2'], ['description', 'Slider off'], ...entries]), {
      schema: damageForm.schema(),
    });
    expect(result.status).toBe('success');
    if (result.status !== 'success') return;
    expect({
      photos: result.value.photos.length,
      keys: result.value.photo_keys,
      specific: result.value.specific_issue_id,
    }).toEqual(expected);
  });

  test('step 2 refuses a missing issue and description, and four photos in one post', () => {
    const result = parseWithZod(
      form([
        ['photos', png()],
        ['photos', png()],
        ['photos', png()],
        ['photos', png()],
      ]),
      {
        schema: damageForm.schema(),
      },
    );
    expect(result.status === 'error' ? result.error : null).toEqual({
      issue_id: ['Please choose an issue from the list.'],
      description: ['Please describe the damage.'],
      photos: ['Please add at most 3 photos at a time.'],
    });
  });

  test.each([
    ['photo-12', true],
    ['damage-3', true],
    ['photo-0', false],
    ['repair-1', false],
    ['photo-1;drop', false],
  ])('step 2 list: %s accepted: %s', (target, accepted) => {
    expect(parseWithZod(form([['target', target]]), { schema: damageListForm.schema() }).status).toBe(
      accepted ? 'success' : 'error',
    );
  });

  test('step 3 asks the required questions and checks contact details with the SPEC §5 messages', () => {
    const result = parseWithZod(
      form([
        ['question_1', 'Maybe'],
        ['first_name', 'C4sey'],
        ['phone', '406-555-0101'],
        ['email', 'casey@'],
      ]),
      { schema: summaryForm.schema() },
    );
    expect(result.status === 'error' ? result.error : null).toMatchObject({
      question_1: ['Please answer this question.'],
      question_2: ['Please answer this question.'],
      first_name: ['Please enter valid name'],
      last_name: ['Last Name Required'],
      phone: ['Phone Number should match this format: (123)-456-7890'],
      email: ['Invalid email address'],
      address1: ['Address Required'],
    });
  });
});

describe('the repair desk quote form', () => {
  test.each<[string, [string, string][], unknown]>([
    [
      'an amount in dollars',
      [
        ['repair_id', '12'],
        ['amount', '45.50'],
      ],
      { repair_id: 12, amount: '45.50', reason: null },
    ],
    [
      'an amount with the reason the desk chose',
      [
        ['repair_id', '12'],
        ['amount', '45.50'],
        ['reason', 'wear-and-tear'],
      ],
      { repair_id: 12, amount: '45.50', reason: 'wear-and-tear' },
    ],
    [
      'a reason that is no code',
      [
        ['repair_id', '12'],
        ['amount', '45.50'],
        ['reason', 'Wear and tear'],
      ],
      { reason: ['Please choose a reason for your request from the list.'] },
    ],
    [
      'no amount',
      [['repair_id', '12']],
      { amount: ['Please enter the quote in dollars between 0 and 2,000, for example 45.00.'] },
    ],
    [
      'an amount that is not one',
      [
        ['repair_id', '12'],
        ['amount', '12.345'],
      ],
      { amount: ['Please enter the quote in dollars between 0 and 2,000, for example 45.00.'] },
    ],
    ['no repair', [['amount', '10']], { repair_id: ['Please provide repair id'] }],
  ])('%s', (_name, entries, expected) => {
    const result = parseWithZod(form(entries), { schema: repairQuoteForm.schema() });
    expect(result.status === 'success' ? result.value : result.error).toEqual(expected);
  });
});
