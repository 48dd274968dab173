import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { SpeechToSpeechPage } from './SpeechToSpeechPage';
import { TextToSpeechPage } from './TextToSpeechPage';
import { downloadsPage, pageUrl, speechToSpeechPage, textToSpeechPage } from '@platform/contracts/client';

describe('the model pages', () => {
  it('/model/speech-to-speech describes the paired donations and opens the dataset page in a new tab', async () => {
    renderWithPlatform(<SpeechToSpeechPage />, { path: pageUrl(speechToSpeechPage) });
    expect(screen.getByRole('heading', { level: 1, name: 'Speech-to-Speech Model' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Read the dataset documentation/ });
    expect(screen.getByText(/English text and its Yoruba translation aloud/)).toBeInTheDocument();
    expect(link).toHaveAttribute(
      'href',
      'https://huggingface.co/datasets/mozilla-foundation/common_voice_17_0',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('/model/text-to-speech describes validated recordings and tone-marked text and opens the model page in a new tab', async () => {
    renderWithPlatform(<TextToSpeechPage />, { path: pageUrl(textToSpeechPage) });
    expect(screen.getByRole('heading', { level: 1, name: 'Text-to-Speech Model' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /Read the model documentation/ });
    expect(screen.getByText(/tone marks and underdots/)).toBeInTheDocument();
    expect(link).toHaveAttribute('href', 'https://huggingface.co/facebook/mms-tts-yor');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Browse the datasets' })).toHaveAttribute(
      'href',
      pageUrl(downloadsPage),
    );
  });
});
