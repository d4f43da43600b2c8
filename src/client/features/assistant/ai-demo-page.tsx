import { BackToHomeLink, SiteHeader } from '@client/components/site-header';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { Textarea } from '@client/components/ui/textarea';
import { formatDateTime } from '@client/i18n/format';
import { errorMessage } from '@client/lib/api';
import {
  type AssistantScenario,
  assistantScenarios,
  minInputLength,
  type RecentActivityEntry,
  recentActivityLimit,
} from '@domain/assistant/assistant-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Mail, NotebookPen, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { applyQuickAction, applySuggestion } from './apply-suggestion';
import { demoEndpoint } from './assistant-api';
import { SuggestionsPanel } from './suggestions-panel';
import { useAssistantPanel } from './use-assistant';

const scenarios: Record<
  AssistantScenario,
  { title: MessageDescriptor; label: MessageDescriptor; placeholder: MessageDescriptor; icon: typeof Search }
> = {
  'contact-search': {
    title: msg`Contact search`,
    label: msg`Search contacts`,
    placeholder: msg`Type a name, an email or a company…`,
    icon: Search,
  },
  'email-composition': {
    title: msg`Email composition`,
    label: msg`Write an email`,
    placeholder: msg`Start writing your email…`,
    icon: Mail,
  },
  'note-taking': {
    title: msg`Note taking`,
    label: msg`Take a note`,
    placeholder: msg`Write a note about a call or meeting…`,
    icon: NotebookPen,
  },
};

const emptyInputs: Record<AssistantScenario, string> = {
  'contact-search': '',
  'email-composition': '',
  'note-taking': '',
};

/** /ai-demo (spec 001 "AI assistant demo"): the contextual assistant over the demo workspace, for anyone. */
export function AiDemoPage() {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const [scenario, setScenario] = useState<AssistantScenario>('contact-search');
  const [inputs, setInputs] = useState(emptyInputs);
  const [activity, setActivity] = useState<RecentActivityEntry[]>([]);
  const input = inputs[scenario];
  const assistant = useAssistantPanel({
    endpoint: demoEndpoint,
    currentPage: scenario,
    userInput: input,
    recentActivity: activity,
  });
  const setInput = (value: string) => setInputs((all) => ({ ...all, [scenario]: value }));
  // Spec 001 §5: the list keeps the 10 most recent entries.
  const record = (action: string, detail: string) =>
    setActivity((list) =>
      [{ action, detail: detail.slice(0, 200), at: new Date().toISOString() }, ...list].slice(
        0,
        recentActivityLimit,
      ),
    );
  const current = scenarios[scenario];

  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        <BackToHomeLink />
      </SiteHeader>
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
        <header>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight">
              <Trans>Contextual AI Assistant</Trans>
            </h1>
            <Badge variant="secondary">
              <Trans>Live demo</Trans>
            </Badge>
          </div>
          <p className="mt-2 max-w-3xl text-muted-foreground">
            <Trans>
              Type at least 3 characters: the assistant reads the demo workspace's contacts and suggests
              completions, improvements, next actions and templates, each with the reason behind it.
            </Trans>
          </p>
        </header>

        <Tabs value={scenario} onValueChange={(value) => setScenario(value as AssistantScenario)}>
          <TabsList className="h-auto flex-wrap">
            {assistantScenarios.map((id) => {
              const Icon = scenarios[id].icon;
              return (
                <TabsTrigger key={id} value={id} className="gap-1.5">
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {i18n._(scenarios[id].title)}
                </TabsTrigger>
              );
            })}
          </TabsList>

          <TabsContent
            value={scenario}
            className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
          >
            <Card>
              <CardHeader>
                <CardTitle>{i18n._(current.title)}</CardTitle>
                <CardDescription>
                  <Trans>
                    Suggestions are asked for after a short pause in typing and reused for 30 seconds.
                  </Trans>
                </CardDescription>
              </CardHeader>
              <CardContent className="space-y-3">
                <Label htmlFor={inputId}>{i18n._(current.label)}</Label>
                {scenario === 'contact-search' ? (
                  <Input
                    id={inputId}
                    value={input}
                    placeholder={i18n._(current.placeholder)}
                    onChange={(event) => setInput(event.target.value)}
                  />
                ) : (
                  <Textarea
                    id={inputId}
                    rows={6}
                    value={input}
                    placeholder={i18n._(current.placeholder)}
                    onChange={(event) => setInput(event.target.value)}
                  />
                )}
                <p className="flex items-center gap-2 text-xs text-muted-foreground" aria-live="polite">
                  {assistant.query.isFetching ? (
                    <>
                      <Loader2 className="h-3 w-3 animate-spin" aria-hidden="true" />
                      <Trans>Thinking…</Trans>
                    </>
                  ) : input.trim().length < minInputLength ? (
                    <Trans>Suggestions start from 3 characters.</Trans>
                  ) : null}
                </p>
                {assistant.query.isError && (
                  <p role="alert" className="text-sm text-destructive">
                    {errorMessage(assistant.query.error)}
                  </p>
                )}
                {assistant.answer && (
                  <SuggestionsPanel
                    answer={assistant.answer}
                    onClose={assistant.close}
                    onApplySuggestion={(suggestion, text) => {
                      setInput(applySuggestion(input, scenario, suggestion, text));
                      record(t`Applied suggestion`, text);
                      assistant.close();
                    }}
                    onApplyAction={(action, text, label) => {
                      setInput(applyQuickAction(input, action, text));
                      record(t`Applied quick action`, label);
                      assistant.close();
                    }}
                  />
                )}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle className="text-base">
                  <Trans>Recent activity</Trans>
                </CardTitle>
                <CardDescription>
                  <Trans>The last 10 things you applied; the assistant reads them too.</Trans>
                </CardDescription>
              </CardHeader>
              <CardContent>
                {activity.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    <Trans>Nothing applied yet.</Trans>
                  </p>
                ) : (
                  <ol className="space-y-2" aria-label={t`Recent activity`}>
                    {activity.map((entry) => (
                      <li key={`${entry.at}-${entry.detail}`} className="text-sm">
                        <span className="font-medium">{entry.action}</span>
                        <span className="block truncate text-muted-foreground">{entry.detail}</span>
                        {entry.at && (
                          <span className="block text-xs text-muted-foreground">
                            {formatDateTime(entry.at)}
                          </span>
                        )}
                      </li>
                    ))}
                  </ol>
                )}
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
