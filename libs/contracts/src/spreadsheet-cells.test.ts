import { neutraliseCell } from './spreadsheet-cells';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://x.example","click")', '\'=HYPERLINK("http://x.example","click")'],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('puts a quote before %j, which a spreadsheet would run', (cell, written) => {
    expect(neutraliseCell(cell)).toBe(written);
  });

  it.each(['Ọmọ náà ń kàwé.', 'A-1 and =2 inside', '', "'already quoted", ' =1 after a space', '12'])(
    'leaves %j as it is',
    (cell) => {
      expect(neutraliseCell(cell)).toBe(cell);
    },
  );
});
