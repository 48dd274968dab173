import { useId } from 'react';
import styled from 'styled-components';
import { Card } from '@platform/ui';
import { useContributeT } from '../i18n';

const RULES = ['words', 'grammar', 'numbers', 'letters', 'toneMarks', 'copyright', 'citation'] as const;
const TIPS = ['batch', 'file', 'shared', 'domains'] as const;

const List = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li + li {
    margin-top: ${({ theme }) => theme.space[1]};
  }
`;

const Subheading = styled.h3`
  margin: ${({ theme }) => theme.space[4]} 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

/** The side panel: the sentence rules, plus the tips for batches and files in those modes. */
export function RulesPanel({ withTips }: { withTips: boolean }) {
  const t = useContributeT();
  const tipsId = useId();
  return (
    <div>
      <Card title={t('write.rulesTitle')} padding="md">
        <List>
          {RULES.map((rule) => (
            <li key={rule}>{t(`write.rules.${rule}`)}</li>
          ))}
        </List>
        {withTips ? (
          <section aria-labelledby={tipsId}>
            <Subheading id={tipsId}>{t('write.tipsTitle')}</Subheading>
            <List>
              {TIPS.map((tip) => (
                <li key={tip}>{t(`write.tips.${tip}`)}</li>
              ))}
            </List>
          </section>
        ) : null}
      </Card>
    </div>
  );
}
