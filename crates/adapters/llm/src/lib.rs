//! The LLM narrator: rewrites the plain-language texts of a Pro journey for the person's
//! situation through any OpenAI-compatible chat-completions API (`async-openai`).
//!
//! Only [`NarrationFacts`] (test name, value, unit, range, flag, severity, sex, age band) and the
//! standard texts are sent. The whole call has a time cap; a timeout, an HTTP error or an answer
//! that is not the JSON asked for is an error, and the caller keeps the deterministic text.

use std::time::Duration;

/// A fake chat-completions server for tests.
#[cfg(feature = "fake-server")]
pub mod testing;

use async_openai::Client;
use async_openai::config::OpenAIConfig;
use async_openai::types::chat::{
    ChatCompletionRequestSystemMessage, ChatCompletionRequestUserMessage, CreateChatCompletionRequestArgs,
    ResponseFormat,
};
use async_trait::async_trait;
use ht_recommendations::narration::{JourneyTexts, NarrationFacts, Narrator, NarratorError};

/// Settings for an OpenAI-compatible service.
#[derive(Debug, Clone)]
pub struct LlmSettings {
    /// e.g. `https://api.openai.com/v1` or a local server's `/v1`.
    pub base_url: String,
    /// Bearer key (may be empty for local servers).
    pub api_key: String,
    /// Model name.
    pub model: String,
    /// Cap on one narration, connection included.
    pub timeout: Duration,
}

const INSTRUCTIONS: &str = "You rewrite patient-education texts about one lab result so they speak to this person's \
situation (their value, how far it is from the range, their sex and age band). Keep every medical fact of the \
standard texts, add no diagnosis, no medicine names or doses, and no new claims; plain language, at most three \
sentences per text. Answer with one JSON object with exactly these string fields: currentSituation, symptoms, \
bodyImpact, shortTermRisks, longTermRisks, recoveryTimeline, monitoring.";

/// A [`Narrator`] over an OpenAI-compatible API.
pub struct OpenAiNarrator {
    client: Client<OpenAIConfig>,
    model: String,
    timeout: Duration,
}

impl OpenAiNarrator {
    /// A narrator for these settings.
    ///
    /// # Errors
    /// When the HTTP client cannot be built.
    pub fn new(settings: &LlmSettings) -> Result<Self, String> {
        // reqwest 0.13 is built without a bundled crypto provider (BUILD-NOTES: one crypto
        // library, ring); install it unless the process already has one.
        let _ = rustls::crypto::ring::default_provider().install_default();
        // The whole call is capped by `tokio::time::timeout` below; the client's own cap is a
        // backstop a little later, so a slow answer reads as a timeout rather than a send error.
        let http = reqwest13::Client::builder()
            .timeout(settings.timeout + Duration::from_secs(1))
            .connect_timeout(settings.timeout)
            .build()
            .map_err(|e| format!("LLM HTTP client: {e}"))?;
        let config =
            OpenAIConfig::new().with_api_base(settings.base_url.trim_end_matches('/')).with_api_key(&settings.api_key);
        Ok(Self {
            client: Client::with_config(config).with_http_client(http),
            model: settings.model.clone(),
            timeout: settings.timeout,
        })
    }
}

/// The user message: the facts and the standard texts, as JSON.
pub fn user_message(facts: &NarrationFacts, texts: &JourneyTexts) -> String {
    serde_json::json!({ "result": facts, "standardTexts": texts }).to_string()
}

/// Reads the model's answer.
///
/// # Errors
/// [`NarratorError::Malformed`] unless it is a JSON object with the seven texts.
pub fn parse_answer(content: &str) -> Result<JourneyTexts, NarratorError> {
    // Some servers wrap JSON in a Markdown fence despite the response format.
    let trimmed = content.trim().trim_start_matches("```json").trim_start_matches("```").trim_end_matches("```").trim();
    serde_json::from_str::<JourneyTexts>(trimmed).map_err(|e| NarratorError::Malformed(e.to_string()))
}

#[async_trait]
impl Narrator for OpenAiNarrator {
    async fn narrate(&self, facts: &NarrationFacts, texts: &JourneyTexts) -> Result<JourneyTexts, NarratorError> {
        let request = CreateChatCompletionRequestArgs::default()
            .model(&self.model)
            .messages([
                ChatCompletionRequestSystemMessage::from(INSTRUCTIONS).into(),
                ChatCompletionRequestUserMessage::from(user_message(facts, texts).as_str()).into(),
            ])
            .response_format(ResponseFormat::JsonObject)
            .temperature(0.2)
            .build()
            .map_err(|e| NarratorError::Service(e.to_string()))?;
        let response = tokio::time::timeout(self.timeout, self.client.chat().create(request))
            .await
            .map_err(|_| NarratorError::Timeout)?
            .map_err(|e| {
                let text = e.to_string();
                if text.contains("timed out") || text.contains("timeout") {
                    NarratorError::Timeout
                } else if text.contains("deserial") || text.contains("JSON") || text.contains("json") {
                    NarratorError::Malformed(text)
                } else {
                    NarratorError::Service(text)
                }
            })?;
        let content = response
            .choices
            .into_iter()
            .next()
            .and_then(|c| c.message.content)
            .ok_or_else(|| NarratorError::Malformed("no message in the answer".into()))?;
        let rewritten = parse_answer(&content)?;
        if rewritten.is_usable() {
            Ok(rewritten)
        } else {
            Err(NarratorError::Malformed("empty or overlong text".into()))
        }
    }
}
