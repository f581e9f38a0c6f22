import IntentKit

/// The OpenAPI 3.1 document of `intentkit serve`, served at `GET /openapi.yaml`. The server's
/// tests check that it names every route the server has, and no other.
public enum OpenAPIDocument {
    public static let yaml = """
        openapi: 3.1.0
        info:
          title: IntentKit
          version: \(IntentKitVersion.current)
          description: >-
            Parses utterances into an intent with resolved slots, extracts built-in entities,
            and describes the model in service. Bodies are JSON; every error is
            {"error": {"code": ..., "message": ...}}.
        paths:
          /:
            get:
              summary: The playground, a page to try the model in a browser (off with serve --no-playground).
              responses:
                '200':
                  description: The page.
                  content:
                    text/html: {}
          /parse:
            post:
              summary: Parse one utterance.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/ParseRequest'}
              responses:
                '200':
                  description: The parse, as `intentkit parse` writes it; with split, the utterance's requests.
                  content:
                    application/json:
                      schema:
                        oneOf:
                          - $ref: '#/components/schemas/Parse'
                          - $ref: '#/components/schemas/Requests'
                '400': {$ref: '#/components/responses/BadRequest'}
                '401':
                  description: A request that caches under a vocabularyKey without the cache token (code unauthorized).
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
                '403':
                  description: A page of an origin the server does not allow (originNotAllowed), or a cache write where caching is off (cachingOff).
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '422':
                  description: The vocabularyKey names no cached vocabulary (code unknownVocabularyKey); send the vocabulary with the key again.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
                '503': {$ref: '#/components/responses/Unavailable'}
          /model/parse:
            post:
              summary: Parse one utterance, answering as Rasa NLU's POST /model/parse does.
              description: >-
                For clients of Rasa NLU. Each slot is an entity named as the slot; its value is the
                resolved value where there is one (a vocabulary value's identifier, a number, a
                date-time in ISO 8601) and the words otherwise, the whole resolution in
                additional_info. An out-of-scope utterance answers the intent nlu_fallback, as
                Rasa's FallbackClassifier does. The ranking lists up to 10 intents (topK changes it).
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/RasaParseRequest'}
              responses:
                '200':
                  description: The parse, in Rasa's shape.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/RasaParse'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '422':
                  description: The vocabularyKey names no cached vocabulary.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
                '503': {$ref: '#/components/responses/Unavailable'}
          /parse/batch:
            post:
              summary: Parse several utterances with the same options.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/BatchParseRequest'}
              responses:
                '200':
                  description: One parse per text, in order.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [results]
                        properties:
                          results:
                            type: array
                            description: With split, each result is the text's requests.
                            items:
                              oneOf:
                                - $ref: '#/components/schemas/Parse'
                                - $ref: '#/components/schemas/Requests'
                '400': {$ref: '#/components/responses/BadRequest'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '422':
                  description: The vocabularyKey names no cached vocabulary.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
                '503': {$ref: '#/components/responses/Unavailable'}
          /entities:
            post:
              summary: Extract built-in entities (dates, times, durations, numbers, ordinals, money, percentages, temperatures).
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [text]
                      additionalProperties: false
                      properties:
                        text: {type: string}
                        referenceDate: {$ref: '#/components/schemas/ReferenceDate'}
                        timeZone: {$ref: '#/components/schemas/TimeZone'}
              responses:
                '200':
                  description: The entities found, as `intentkit entities` writes them.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [text, entities]
                        properties:
                          text: {type: string}
                          entities:
                            type: array
                            items:
                              type: object
                              required: [kind, text, start, end]
                              properties:
                                kind: {type: string}
                                text: {type: string}
                                start: {type: integer}
                                end: {type: integer}
                                value: {$ref: '#/components/schemas/Value'}
                '400': {$ref: '#/components/responses/BadRequest'}
                '413': {$ref: '#/components/responses/PayloadTooLarge'}
                '503': {$ref: '#/components/responses/Unavailable'}
          /health:
            get:
              summary: Whether the server is up with a model (it loads one before it listens).
              responses:
                '200':
                  description: Up.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [status, modelGeneration]
                        properties:
                          status: {type: string, const: ok}
                          modelGeneration: {type: integer, description: 1 for the model read at start, one more per reload.}
          /model:
            get:
              summary: What the model in service holds, as `intentkit inspect` shows it.
              responses:
                '200':
                  description: The model's summary.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Model'}
                '503': {$ref: '#/components/responses/Unavailable'}
          /metrics:
            get:
              summary: Prometheus metrics (text format 0.0.4).
              responses:
                '200':
                  description: Requests by route and status, latency histograms, parses, out-of-scope answers, reloads.
                  content:
                    text/plain:
                      schema: {type: string}
          /openapi.yaml:
            get:
              summary: This document.
              responses:
                '200':
                  description: OpenAPI 3.1.
                  content:
                    application/yaml:
                      schema: {type: string}
          /admin/reload:
            post:
              summary: Read the model file again and serve it from the next request on.
              description: >-
                Exists only when the server was started with --admin-token-file; requests in
                flight finish with the model they started with. SIGHUP does the same.
              security: [{adminToken: []}]
              responses:
                '200':
                  description: The model now in service.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Model'}
                '401':
                  description: No or a wrong token (code unauthorized).
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
                '500':
                  description: The file did not load (code reloadFailed); the model in service stays.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
        components:
          securitySchemes:
            adminToken: {type: http, scheme: bearer}
          responses:
            BadRequest:
              description: The body is not JSON, not the request's shape, or an option is out of bounds (code badRequest).
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
            PayloadTooLarge:
              description: The body is larger than the server accepts (code payloadTooLarge).
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
            Unavailable:
              description: The server is at its bound of concurrent requests (code overloaded, with Retry-After) or the request passed its deadline (code timeout).
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
          schemas:
            Error:
              type: object
              required: [error]
              properties:
                error:
                  type: object
                  required: [code, message]
                  properties:
                    code: {type: string}
                    message: {type: string}
            ReferenceDate:
              type: string
              description: The moment relative dates resolve against, YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS], or either with an offset (Z, +01:00); default the time of the request.
              examples: ['2026-11-27T09:30:00Z']
            TimeZone:
              type: string
              description: An IANA time zone name; default the server's.
              examples: [Europe/Paris]
            ParseOptions:
              type: object
              properties:
                topK: {type: integer, minimum: 1, maximum: 100, default: 1, description: Report the K most probable intents.}
                resolve: {type: boolean, default: false, description: Resolve every parameter of the intent.}
                referenceDate: {$ref: '#/components/schemas/ReferenceDate'}
                timeZone: {$ref: '#/components/schemas/TimeZone'}
                minConfidence: {type: number, minimum: 0, maximum: 1, description: Out of scope below this confidence (default the model's calibrated threshold).}
                language: {type: string, description: 'The language the client expects (BCP 47); a request for another language than the model''s corpus (GET /model, language) is refused with 400: a request cannot change it.', examples: [fr]}
                vocabulary:
                  type: object
                  description: The user's terms per entity name, highest priority first; used for this request only unless vocabularyKey is given.
                  additionalProperties:
                    type: array
                    items: {$ref: '#/components/schemas/VocabularyTerm'}
                vocabularyKey:
                  type: string
                  minLength: 1
                  maxLength: 256
                  description: With vocabulary, shortcuts, history or reservations and the cache token (Authorization, Bearer; serve --cache-token-file), caches them under this key (bounded, least recently used evicted); alone, uses the cached ones.
                respond: {type: string, description: 'Add "response": the intent''s response template for this outcome (success, failure, or the app''s own) filled with the resolved values; or "responseProblem" saying why it cannot be.'}
                responseValues: {type: object, additionalProperties: {type: string}, description: 'Values of the response''s own parameters, as text (waitTime: 10 minutes).'}
                split: {type: boolean, default: false, description: 'Answer {"requests": [parse, …], "text"}: two parses when the utterance joins two requests of different intents ("lock the car and start a run"), else one. Not on the Rasa route.'}
                splitConfidence: {type: number, minimum: 0, maximum: 1, default: 0.5, description: With split, how sure of its intent each part must be.}
                history:
                  type: array
                  description: The user's recent interactions as priors; an unsure parse leans to the intents they use, and a required value they habitually give is proposed.
                  items:
                    type: object
                    required: [intent, date]
                    properties:
                      intent: {type: string}
                      parameters: {type: object, additionalProperties: {type: string}}
                      date: {type: string, description: 'YYYY-MM-DD or YYYY-MM-DDTHH:MM, optionally with an offset.'}
                shortcuts:
                  type: array
                  description: The user's shortcut phrases; an utterance that is one of them parses to its intent and values, marked with "shortcut".
                  items:
                    type: object
                    required: [phrase, intent]
                    properties:
                      phrase: {type: string}
                      intent: {type: string}
                      parameters: {type: object, additionalProperties: {type: string}, description: A custom value's identifier, or a built-in value as text.}
                      id: {type: string, description: Defaults to the phrase.}
                reservations:
                  type: array
                  description: The user's reservations (Siri Event Suggestions); with resolve, a parameter of the entity builtin.reservation resolves to the one a request points at by its kind, time and names (disambiguation when several fit alike, needsValue when none does; canceled and ended ones are never proposed).
                  items:
                    type: object
                    required: [id, category, start]
                    properties:
                      id: {type: string}
                      category: {type: string, enum: [restaurant, lodging, flight, train, bus, boat, rentalCar, ticketedEvent]}
                      start: {type: string, description: 'YYYY-MM-DD or YYYY-MM-DDTHH:MM, optionally with an offset.'}
                      end: {type: string, description: 'Defaults to the start plus the category''s typical length.'}
                      phrase: {type: string, description: How the user says it.}
                      number: {type: string, description: The booking's number.}
                      place: {type: string}
                      from: {type: string, description: Where a trip leaves from (a car's pick-up).}
                      to: {type: string, description: Where a trip arrives (a car's drop-off).}
                      party: {type: integer, minimum: 1}
                      status: {type: string, enum: [confirmed, pending, hold, canceled, unknown]}
                shortcutSimilarity: {type: number, minimum: 0, maximum: 1, description: 'With shortcuts and a model trained with the sentence encoder, also match an utterance whose encoder vector is at least this similar (cosine) to a phrase''s, the similarity its confidence.'}
            Requests:
              type: object
              required: [requests, text]
              properties:
                requests:
                  type: array
                  description: One parse, or two for two joined requests, each of its own part of the text.
                  items: {$ref: '#/components/schemas/Parse'}
                text: {type: string}
            ParseRequest:
              allOf:
                - $ref: '#/components/schemas/ParseOptions'
                - type: object
                  required: [text]
                  properties:
                    text: {type: string}
            RasaParseRequest:
              allOf:
                - $ref: '#/components/schemas/ParseOptions'
                - type: object
                  required: [text]
                  properties:
                    text: {type: string}
                    message_id: {type: string, description: Echoed in the answer.}
            RasaIntent:
              type: object
              required: [name, confidence]
              properties:
                name: {type: string}
                confidence: {type: number}
            RasaParse:
              type: object
              required: [text, intent, entities, intent_ranking]
              properties:
                text: {type: string}
                intent: {$ref: '#/components/schemas/RasaIntent'}
                entities:
                  type: array
                  items:
                    type: object
                    required: [entity, start, end, value, confidence_entity, extractor]
                    properties:
                      entity: {type: string, description: The slot's name.}
                      start: {type: integer, description: In Unicode scalars (Python's characters).}
                      end: {type: integer, description: Exclusive.}
                      value: {description: 'The resolved value (string or number), or the words as written.'}
                      confidence_entity: {type: number}
                      extractor: {type: string, const: IntentKit}
                      additional_info: {$ref: '#/components/schemas/Value'}
                intent_ranking:
                  type: array
                  items: {$ref: '#/components/schemas/RasaIntent'}
                message_id: {type: string}
            BatchParseRequest:
              allOf:
                - $ref: '#/components/schemas/ParseOptions'
                - type: object
                  required: [texts]
                  properties:
                    texts:
                      type: array
                      items: {type: string}
            VocabularyTerm:
              oneOf:
                - type: string
                - type: object
                  required: [phrase]
                  properties:
                    phrase: {type: string}
                    id: {type: string}
                    pronunciation: {type: string}
                    alternatives:
                      type: array
                      items: {type: string}
            Value:
              description: A resolved value {kind, value} (plus unit for money, durations and temperatures), or null when the words do not resolve.
              oneOf:
                - type: 'null'
                - type: object
                  required: [kind]
                  properties:
                    kind: {type: string}
                    unit: {type: string}
            Parse:
              type: object
              required: [text, confidence, slots]
              properties:
                text: {type: string}
                intent: {type: string, description: Absent when out of scope.}
                outOfScope: {type: boolean}
                shortcut: {type: string, description: The id of the user's shortcut the utterance is the phrase of; absent otherwise.}
                response: {type: string, description: The rendered response (with respond).}
                responseProblem: {type: string, description: Why the response could not be rendered (with respond).}
                confidence: {type: number}
                slots:
                  type: array
                  items:
                    type: object
                    required: [name, text, start, end]
                    properties:
                      name: {type: string}
                      text: {type: string}
                      start: {type: integer, description: In Unicode scalars.}
                      end: {type: integer, description: Exclusive.}
                      value: {$ref: '#/components/schemas/Value'}
                      confidence: {type: number}
                alternatives:
                  type: array
                  items:
                    type: object
                    required: [intent, confidence]
                    properties:
                      intent: {type: string}
                      confidence: {type: number}
                parameters:
                  type: array
                  description: With resolve, every parameter of the intent and its outcome.
                  items:
                    type: object
                    required: [name, outcome]
                    properties:
                      name: {type: string}
                      outcome: {type: string, enum: [success, confirmationRequired, disambiguation, needsValue, unsupported, notRequired]}
            Model:
              type: object
              required: [path, loadedAt, generation, formatVersion, byteCount, sections, slots, intents, entities, domains, provenance]
              properties:
                path: {type: string}
                loadedAt: {type: string, format: date-time}
                generation: {type: integer}
                formatVersion: {type: string}
                language: {type: string, description: 'The language the corpus declared (BCP 47); absent when it did not (read as English).'}
                byteCount: {type: integer}
                sections: {type: array, items: {type: object}}
                slots: {type: array, items: {type: string}}
                labelCount: {type: integer}
                labelScheme: {type: string}
                featureCount: {type: integer}
                weightCount: {type: integer}
                vocabularyEntityCount: {type: integer}
                vocabularyPhraseCount: {type: integer}
                classifier: {type: object}
                tokenClusters:
                  type: object
                  description: the slot tagger's clusters of the sentence encoder's token vectors (models trained with --encoder)
                  properties:
                    centroidCounts: {type: array, items: {type: integer}}
                    encoder: {type: object}
                domains: {type: array, items: {type: string}}
                intents: {type: array, items: {type: string}}
                entities: {type: array, items: {type: string}}
                provenance: {type: object, additionalProperties: {type: string}}
        """
}
