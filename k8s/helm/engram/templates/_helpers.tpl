{{/*
Prefix of every object's name. Truncated so that "<prefix>-retrieval-agent-service" stays within the
63 characters a DNS label allows.
*/}}
{{- define "engram.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 38 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 38 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/*
The five services: their values key and the port that serves HTTP, gRPC, health and metrics.
*/}}
{{- define "engram.components" -}}
gateway: { values: gateway, port: 8080 }
ingest-service: { values: ingest, port: 8081 }
vector-service: { values: vector, port: 8082 }
retrieval-agent-service: { values: retrieval, port: 8083 }
profile-service: { values: profile, port: 8084 }
{{- end -}}

{{/*
Who calls whom: the services that configure a gRPC client (quarkus.grpc.clients.<name>) of each
service. NetworkPolicies admit exactly these callers; the chart tests compare this with every
service's application.properties.
*/}}
{{- define "engram.callers" -}}
ingest-service: [gateway, retrieval-agent-service]
vector-service: [gateway, ingest-service, retrieval-agent-service]
retrieval-agent-service: [gateway]
profile-service: [gateway, ingest-service]
{{- end -}}

{{- define "engram.selectorLabels" -}}
app.kubernetes.io/name: engram
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "engram.labels" -}}
{{ include "engram.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/part-of: engram
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{- end -}}

{{- define "engram.image" -}}
{{- printf "%s/%s:%s" .root.Values.image.repository .component (.root.Values.image.tag | default .root.Chart.AppVersion) -}}
{{- end -}}

{{/*
The gRPC client of one service: the headless Service's DNS name lists every ready pod, and
round_robin spreads calls over all of them instead of pinning one long-lived HTTP/2 connection to
a single pod.
*/}}
{{- define "engram.grpcClient" -}}
{{- $fullname := include "engram.fullname" .root -}}
{{- $components := include "engram.components" .root | fromYaml -}}
{{- $upper := .client | upper }}
- name: QUARKUS_GRPC_CLIENTS_{{ $upper }}_HOST
  value: {{ printf "%s-%s" $fullname .target | quote }}
- name: QUARKUS_GRPC_CLIENTS_{{ $upper }}_PORT
  value: {{ (get $components .target).port | quote }}
- name: QUARKUS_GRPC_CLIENTS_{{ $upper }}_LOAD_BALANCING_POLICY
  value: round_robin
{{- end -}}

{{- define "engram.env.database" -}}
- name: ENGRAM_DB_HOST
  value: {{ .Values.postgresql.host | quote }}
- name: ENGRAM_DB_PORT
  value: {{ .Values.postgresql.port | quote }}
- name: ENGRAM_DB_NAME
  value: {{ .Values.postgresql.database | quote }}
- name: ENGRAM_DB_USER
  valueFrom:
    secretKeyRef:
      name: {{ .Values.postgresql.existingSecret }}
      key: {{ .Values.postgresql.usernameKey }}
- name: ENGRAM_DB_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ .Values.postgresql.existingSecret }}
      key: {{ .Values.postgresql.passwordKey }}
{{- end -}}

{{/*
The OpenAI-compatible endpoint shared by every service that calls an LLM; each keeps its own default
timeout unless llm.timeout is set.
*/}}
{{- define "engram.env.llm" -}}
- name: ENGRAM_LLM_ENABLED
  value: {{ .Values.llm.enabled | quote }}
- name: ENGRAM_LLM_BASE_URL
  value: {{ .Values.llm.baseUrl | quote }}
- name: ENGRAM_LLM_MODEL
  value: {{ .Values.llm.model | quote }}
{{- with .Values.llm.timeout }}
- name: ENGRAM_LLM_TIMEOUT
  value: {{ . | quote }}
{{- end }}
# Optional: local endpoints need no key, and without the Secret the key is simply unset.
- name: ENGRAM_LLM_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .Values.llm.apiKeySecret.name }}
      key: {{ .Values.llm.apiKeySecret.key }}
      optional: true
{{- end -}}

{{/*
API keys: every /v1 request needs one unless auth.enabled is false. The bootstrap admin key is read
from an existing Secret only (never a value of the chart), and is required when named: a gateway
without it could not create the first project.
*/}}
{{- define "engram.env.auth" -}}
- name: ENGRAM_AUTH_ENABLED
  value: {{ .Values.auth.enabled | quote }}
{{- if .Values.auth.enabled }}
{{- with .Values.auth.adminKey }}{{ if .existingSecret }}
- name: ENGRAM_AUTH_ADMIN_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .existingSecret }}
      key: {{ .secretKey }}
{{- end }}{{ end }}
{{- with .Values.auth.rateLimit }}
- name: ENGRAM_AUTH_RATE_LIMIT_ENABLED
  value: {{ .enabled | quote }}
- name: ENGRAM_AUTH_RATE_LIMIT_REQUESTS_PER_SECOND
  value: {{ .requestsPerSecond | quote }}
- name: ENGRAM_AUTH_RATE_LIMIT_BURST
  value: {{ .burst | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/*
The gateway keeps projects and API keys in PostgreSQL (schema `gateway`), and reads them only while
authentication is on; the connection is set either way, like the other services'.
*/}}
{{- define "engram.env.gateway" -}}
{{ include "engram.env.database" . }}
{{ include "engram.grpcClient" (dict "root" . "client" "ingest" "target" "ingest-service") }}
{{ include "engram.grpcClient" (dict "root" . "client" "retrieval" "target" "retrieval-agent-service") }}
{{ include "engram.grpcClient" (dict "root" . "client" "vector" "target" "vector-service") }}
{{ include "engram.grpcClient" (dict "root" . "client" "profile" "target" "profile-service") }}
{{ include "engram.env.auth" . }}
{{- end -}}

{{- define "engram.env.ingest" -}}
{{ include "engram.env.database" . }}
{{ include "engram.grpcClient" (dict "root" . "client" "vector" "target" "vector-service") }}
{{ include "engram.grpcClient" (dict "root" . "client" "profile" "target" "profile-service") }}
{{ include "engram.env.llm" . }}
{{- end -}}

{{- define "engram.env.vector" -}}
- name: ENGRAM_VECTOR_STORE
  value: {{ .Values.vector.store | quote }}
- name: ENGRAM_EMBEDDING_MODEL
  value: {{ .Values.vector.embeddingModel | quote }}
- name: ENGRAM_VECTOR_INDEX_DIR
  value: /var/lib/engram/vector
{{ include "engram.env.llm" . }}
# The tokenizer's native library is unpacked at start; the root filesystem is read-only.
- name: DJL_CACHE_DIR
  value: /tmp/djl
{{- if eq .Values.vector.store "qdrant" }}
- name: ENGRAM_VECTOR_QDRANT_HOST
  value: {{ .Values.vector.qdrant.host | quote }}
- name: ENGRAM_VECTOR_QDRANT_PORT
  value: {{ .Values.vector.qdrant.port | quote }}
- name: ENGRAM_VECTOR_QDRANT_USE_TLS
  value: {{ .Values.vector.qdrant.useTls | quote }}
# Optional: a Qdrant inside the cluster may run without API keys.
- name: ENGRAM_VECTOR_QDRANT_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .Values.vector.qdrant.apiKeySecret.name }}
      key: {{ .Values.vector.qdrant.apiKeySecret.key }}
      optional: true
{{- end }}
{{- end -}}

{{- define "engram.env.retrieval" -}}
{{ include "engram.grpcClient" (dict "root" . "client" "vector" "target" "vector-service") }}
{{ include "engram.grpcClient" (dict "root" . "client" "ingest" "target" "ingest-service") }}
{{ include "engram.env.llm" . }}
# The optional cross-encoder reranker loads its tokenizer's native library at start.
- name: DJL_CACHE_DIR
  value: /tmp/djl
{{- end -}}

{{- define "engram.env.profile" -}}
{{ include "engram.env.database" . }}
{{ include "engram.env.llm" . }}
{{- end -}}
