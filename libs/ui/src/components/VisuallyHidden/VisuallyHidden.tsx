import styled from 'styled-components';
import { srOnly } from '../../theme/mixins';

/** Content for screen readers only (e.g. a label for an icon button). */
export const VisuallyHidden = styled.span`
  ${srOnly}
`;
